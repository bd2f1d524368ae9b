// Shapes of openfootball's JSON files (worldcup.json, football.json), validated on read.
import { z } from 'zod';

const scorePair = z.tuple([z.number().int().min(0), z.number().int().min(0)]);

const jsonGoal = z.object({
  name: z.string().min(1),
  minute: z.number().int().min(0),
  offset: z.number().int().min(0).optional(),
  penalty: z.boolean().optional(),
  owngoal: z.boolean().optional(),
});

const jsonMatch = z.object({
  round: z.string().min(1),
  date: z.string().regex(/^\d{4}-\d{2}-\d{2}$/),
  time: z.string().regex(/^\d{1,2}:\d{2}$/),
  team1: z.string().min(1),
  team2: z.string().min(1),
  score: z.object({ ft: scorePair, ht: scorePair.optional(), et: scorePair.optional(), p: scorePair.optional() }),
  goals1: z.array(jsonGoal).optional(),
  goals2: z.array(jsonGoal).optional(),
  group: z.string().optional(),
  ground: z.string().optional(),
});
export type JsonMatch = z.infer<typeof jsonMatch>;

export const matchesFile = z.object({ name: z.string(), matches: z.array(jsonMatch).min(1) });

export const groupsFile = z.object({
  name: z.string(),
  groups: z.array(z.object({ name: z.string().regex(/^Group [A-Z]$/), teams: z.array(z.string().min(1)).min(2) })),
});

export const stadiumsFile = z.object({
  name: z.string(),
  stadiums: z.array(
    z.object({
      name: z.string().min(1),
      city: z.string().min(1),
      timezone: z.string(),
      capacity: z.number().int().positive(),
      coords: z.string(),
    }),
  ),
});

/** `25°25'15.1"N 51°29'25.4"E` → decimal degrees. */
export function parseCoordinates(coords: string): { latitude: number; longitude: number } | null {
  const parts = [...coords.matchAll(/(\d+)°(\d+)'([\d.]+)"([NSEW])/g)];
  if (parts.length !== 2) return null;
  const [latitude, longitude] = parts.map(([, degrees, minutes, seconds, hemisphere]) => {
    const value = Number(degrees) + Number(minutes) / 60 + Number(seconds) / 3600;
    return Math.round((hemisphere === 'S' || hemisphere === 'W' ? -value : value) * 1e6) / 1e6;
  });
  return { latitude, longitude };
}
