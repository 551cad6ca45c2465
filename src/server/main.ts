// The server from its sources (`npm run dev`). The build's entry is boot.ts, which runs the same start.
import { start } from './start';

void start();
