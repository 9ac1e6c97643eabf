-- What a compiled package did when started in Apps-Engine (docs/packages-and-review.md, Runtime evidence):
-- null for compiles before this, failed ones, and runs the portal could not make.
ALTER TABLE "compile_jobs" ADD COLUMN "runtime" jsonb;
