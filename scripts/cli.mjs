#!/usr/bin/env node
// `npm run backup -- FILE`, `npm run restore -- FILE`, `npm run owner -- add|remove EMAIL`: builds when needed (as `npm start` does),
// then runs the operator command from the server bundle.
import { pathToFileURL } from 'node:url';
import { join } from 'node:path';
import { distDir, ensureBuild } from './ensure-build.mjs';

ensureBuild();
await import(pathToFileURL(join(distDir, 'server', 'cli.js')).href);
