import { QueryClientProvider } from '@tanstack/react-query';
import { RouterProvider } from 'react-router-dom';
import { installZodMessages } from '@/i18n/zod-errors';
import { wireApiClient } from './api-wiring';
import { createQueryClient } from './query-client';
import { refreshOnOrderFinish } from './refresh-on-order-finish';
import { createAppRouter } from './router';

installZodMessages();
const queryClient = createQueryClient();
wireApiClient(queryClient);
refreshOnOrderFinish(queryClient);

let router: ReturnType<typeof createAppRouter> | undefined;

export function App() {
  // Made on the first render, not on import: on /sign-in the app loads in the background
  // and is drawn only after sign-in, when the address already is the return path.
  router ??= createAppRouter();
  return (
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>
  );
}
