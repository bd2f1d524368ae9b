// Two jest projects: unit/component tests in jsdom, API tests in Node against a real database
// (in-memory PGlite by default; a fresh database on TEST_DATABASE_URL's server when set).
import nextJest from 'next/jest.js';

const createJestConfig = nextJest({ dir: './' });

const shared = {
  moduleNameMapper: {
    '^server-only$': '<rootDir>/scripts/server-only-empty.cjs',
    '^@/(.*)$': '<rootDir>/$1',
  },
  // next-intl and friends ship ESM only.
  transformIgnorePatterns: ['/node_modules/(?!(next-intl|use-intl|icu-minify|@formatjs|intl-messageformat|ky|@scure|@noble)/)'],
};

const unit = {
  ...shared,
  displayName: 'unit',
  testEnvironment: 'jsdom',
  testMatch: ['<rootDir>/tests/unit/**/*.test.{ts,tsx}', '<rootDir>/{lib,components,stores}/**/*.test.{ts,tsx}'],
  setupFilesAfterEnv: ['<rootDir>/tests/support/unit-setup.ts'],
};

const api = {
  ...shared,
  displayName: 'api',
  testEnvironment: 'node',
  testMatch: ['<rootDir>/tests/api/**/*.test.ts', '<rootDir>/tests/realtime/**/*.test.ts'],
  setupFilesAfterEnv: ['<rootDir>/tests/support/api-setup.ts'],
  globalSetup: '<rootDir>/tests/support/api-global-setup.ts',
  globalTeardown: '<rootDir>/tests/support/api-global-teardown.ts',
};

export default async function config() {
  const projects = await Promise.all([createJestConfig(unit)(), createJestConfig(api)()]);
  // next/jest replaces transformIgnorePatterns; put ours back.
  for (const project of projects) project.transformIgnorePatterns = shared.transformIgnorePatterns;
  return { projects };
}
