-- Version 5: how hard each fetch was, so that the log shows a site that
-- slows a scheduled run down. `attempts`: requests made for the fetch (the
-- first and its retries); `busy`: answers among them that asked to slow down
-- (HTTP 429 or 503); `waited_ms`: time slept before retries (backoff, or
-- what the site's Retry-After asked). NULL for fetches logged before.
ALTER TABLE fetches ADD COLUMN attempts INTEGER CHECK (attempts >= 0);
ALTER TABLE fetches ADD COLUMN busy INTEGER CHECK (busy >= 0);
ALTER TABLE fetches ADD COLUMN waited_ms INTEGER CHECK (waited_ms >= 0);
