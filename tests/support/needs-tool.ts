// Tests that need a program from the machine (ffmpeg, redis-server). On a developer's machine without it
// they are skipped, with a warning and counted as skipped in the summary; under CI (CI=true) a missing
// program fails the suite instead, so CI can never pass without running them (npm test installs both).
type Describe = typeof describe;
type It = typeof it;

function missing(tool: string, hint: string): string {
  return `${tool} is not installed (${hint})`;
}

/** `describe` when the tool is there; otherwise `describe.skip`, or under CI a describe whose one test fails. */
export function describeNeeding(tool: string, available: boolean, hint: string): Describe {
  if (available) return describe;
  console.warn(`${missing(tool, hint)}: skipping the tests that need it`);
  if (!process.env.CI) return describe.skip;
  return ((name: string) =>
    describe(name, () => {
      it(`needs ${tool}`, () => {
        throw new Error(`${missing(tool, hint)}: CI must run these tests`);
      });
    })) as unknown as Describe;
}

/** `it` when the tool is there; otherwise `it.skip`, or under CI a test that fails saying what is missing. */
export function itNeeding(tool: string, available: boolean, hint: string): It {
  if (available) return it;
  console.warn(`${missing(tool, hint)}: skipping the tests that need it`);
  if (!process.env.CI) return it.skip;
  return ((name: string) =>
    it(name, () => {
      throw new Error(`${missing(tool, hint)}: CI must run this test`);
    })) as unknown as It;
}
