import { MembersPage } from '@/features/workspaces/components/members-page';

export default function MembersRoute() {
  return <MembersPage />;
}
