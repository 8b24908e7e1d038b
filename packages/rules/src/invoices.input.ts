// Placeholder: filled by the rules move of the remaining hand-written input checks.
export {};
