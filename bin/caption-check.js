#!/usr/bin/env node
// The caption-check command, run from its TypeScript source: tsx is registered as the loader
// (a runtime dependency), then lib/cli/main.ts runs with the process's own arguments.
import { register } from 'tsx/esm/api';

register();
await import(new URL('../lib/cli/main.ts', import.meta.url).href);
