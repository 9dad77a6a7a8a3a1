"""The forum's text generator: a small phrase grammar (`engine`), the ways forums talk
(`fam_*`), the forums themselves (`forums_*`, gathered in `catalog`), and the `writer` that
turns them into posts and threads. Deterministic: no model, no download, no clock."""
