import { useLingui } from '@lingui/react/macro';
import { useSearchParams } from 'react-router-dom';
import { RECEIVER_NAME_PATTERN } from '@/api/schemas/emulator';
import { PageHeader } from '@/components/ui/layout/page-header';
import { useSession } from '@/features/auth/hooks/use-session';
import { TestReceiver } from '@/features/webhooks/components/tools/test-receiver';

export function Component() {
  const { t } = useLingui();
  const session = useSession();
  const [search] = useSearchParams();
  const asked = search.get('name');
  // One receiver per account by default, so two people on one emulator do not share answers.
  const name = asked && RECEIVER_NAME_PATTERN.test(asked) ? asked : `account-${session?.account?.user.id ?? 'api'}`;
  return (
    <div>
      <PageHeader title={t`Test receiver`} description={t`A receiving end inside the emulator, for trying webhooks without writing a server.`} />
      <TestReceiver key={name} name={name} />
    </div>
  );
}
