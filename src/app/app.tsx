import { QueryClientProvider } from '@tanstack/react-query';
import { RouterProvider } from 'react-router-dom';
import { wireApiClient } from './api-wiring';
import { createQueryClient } from './query-client';
import { router } from './router';

const queryClient = createQueryClient();
wireApiClient(queryClient);

export function App() {
  return (
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>
  );
}
