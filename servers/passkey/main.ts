import { listenPasskey } from './app';
import { passkeyConfig, passkeyPort } from './config';

const config = passkeyConfig();
const server = await listenPasskey(passkeyPort(), config);
console.log(
  `passkey (FIDO2) server on ${server.url} for rpId ${config.rpId}, origins ${config.origins.join(', ')}`,
);
for (const signal of ['SIGINT', 'SIGTERM'] as const)
  process.on(signal, () => void server.close().then(() => process.exit(0)));
