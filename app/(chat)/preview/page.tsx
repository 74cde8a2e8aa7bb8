import { ServersPanel } from '@/components/preview/servers-panel';

export const metadata = { title: 'Developer preview · MCPlet Host' };

export default function PreviewPage() {
  return <ServersPanel />;
}
