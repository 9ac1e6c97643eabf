-- The job table of the versions before pg-boss (renamed by 0015). The first start after 0015 moved its unfinished
-- jobs into pg-boss; what stayed was finished history, and the portal no longer reads it.
DROP TABLE IF EXISTS "jobs_legacy";
