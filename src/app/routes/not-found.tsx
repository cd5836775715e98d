import { Link } from 'react-router-dom';
import { PageHeader } from '@/components/ui/page-header';

export function Component() {
  return (
    <>
      <PageHeader title="Page not found" description="There is no page at this address." />
      <Link className="text-indigo-700 underline dark:text-indigo-400" to="/">
        Go to the overview
      </Link>
    </>
  );
}
