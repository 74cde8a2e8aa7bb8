import { benchChatStream } from './chat-stream.bench';
import { benchClientJs } from './client-js.bench';
import { benchDerived } from './derived.bench';
import { benchGate } from './gate.bench';
import { benchToolCall } from './tool-call.bench';
import { benchViewInit } from './view-init.bench';

const BENCHES: Record<string, () => Promise<void>> = {
  'chat-stream': benchChatStream,
  'client-js': benchClientJs,
  derived: benchDerived,
  gate: benchGate,
  'tool-call': benchToolCall,
  'view-init': benchViewInit,
};

const wanted = process.argv.slice(2);
const names = wanted.length > 0 ? wanted : Object.keys(BENCHES);
for (const name of names) {
  const bench = BENCHES[name];
  if (!bench) {
    console.error(`Unknown bench "${name}". Known: ${Object.keys(BENCHES).join(', ')}`);
    process.exit(2);
  }
  await bench();
}
