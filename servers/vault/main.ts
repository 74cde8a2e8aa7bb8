import { listenVault } from './http';

const vault = await listenVault(Number(process.env.PORT ?? 3402));
console.log(`vault MCPlet on ${vault.url}`);
for (const signal of ['SIGINT', 'SIGTERM'] as const)
  process.on(signal, () => void vault.close().then(() => process.exit(0)));
