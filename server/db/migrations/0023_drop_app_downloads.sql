-- The first schema's download counts, never written or read: downloads are install events of action 'download'
-- (app_install_events), recorded as workspaces fetch packages.
DROP TABLE "app_downloads" CASCADE;