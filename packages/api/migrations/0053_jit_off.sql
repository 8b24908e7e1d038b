-- PostgreSQL compiles a statement with LLVM (JIT) when the planner's estimate passes jit_above_cost
-- (100,000 by default). The storefront's statements estimated that high (a refined listing read in
-- order, the facets counted from the rows) run in 10-60 ms, and compiling them took ~250 ms more:
-- a category refined by a size and a colour answered in 275 ms, 12 ms of it executing. No statement
-- of the store runs long enough to win the compilation back, so the store's database runs without
-- it (each new session; the server's pool opens its sessions after migrating). The database's owner
-- runs the migrations (docs/database.md); a role that may not alter the database, or a server built
-- without JIT (the embedded database), leaves the setting as it is.
DO $$
BEGIN
  EXECUTE format('ALTER DATABASE %I SET jit = off', current_database());
EXCEPTION WHEN OTHERS THEN
  RAISE NOTICE 'jit left as it is: %', SQLERRM;
END
$$;
