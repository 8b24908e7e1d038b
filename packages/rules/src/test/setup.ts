/// <reference types="vite/client" />
// Every property of the rules' tests runs from one fixed seed, so each run checks the same cases;
// FC_SEED=<n> replays the seed a failure report printed (fast-check prints it with the
// counterexample), or tries others.
import fc from 'fast-check';

const seed = Number(import.meta.env.FC_SEED || 20261105);
if (!Number.isSafeInteger(seed)) throw new Error('FC_SEED must be an integer');
fc.configureGlobal({ seed });
