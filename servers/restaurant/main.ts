import { listenRestaurant } from './http';

const server = await listenRestaurant(Number(process.env.PORT ?? 3401));
console.log(`restaurant MCPlet on ${server.url}`);
for (const signal of ['SIGINT', 'SIGTERM'] as const)
  process.on(signal, () => void server.close().then(() => process.exit(0)));
