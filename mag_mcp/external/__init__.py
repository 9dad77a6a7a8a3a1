"""Live WebArena deployments as MAG's sites: log-in through each site's real form with
WebArena's accounts, storage states kept and renewed (`logins`), and the health check a
user reads before a run (`doctor`)."""
