#!/usr/bin/env node
// `npm start`: builds first when there is no build or the sources are newer, then serves.
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { distDir, ensureBuild } from './ensure-build.mjs';

ensureBuild();
await import(pathToFileURL(join(distDir, 'server', 'main.js')).href);
