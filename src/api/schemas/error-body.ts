// zod/mini: the API client, and with it this schema, is on the sign-in page's first load.
import { z } from 'zod/mini';

/** Error bodies: `{ code }`; `message` and `details` are emulator extras the dashboard must not rely on. */
export const errorBody = z.object({
  code: z.string(),
  message: z.optional(z.string()),
  details: z.optional(z.array(z.object({ path: z.string(), message: z.string() }))),
});
export type ErrorBody = z.infer<typeof errorBody>;
