"""A merge request's tabs besides Overview: Commits, Pipelines and Changes (its diff)."""

from __future__ import annotations

from starlette.exceptions import HTTPException
from starlette.requests import Request
from starlette.responses import Response

from .common import page_view, project_page
from .highlight import diff_rows
from .item_detail import detail_context
from .items_common import MR

TABS = {"commits": "Commits", "pipelines": "Pipelines", "diffs": "Changes"}


@page_view
def mr_tab(request: Request, ns: str, project: str, iid: int, tab: str) -> Response:
    if tab not in TABS:
        raise HTTPException(404)
    p, ctx = detail_context(request, MR, ns, project, iid)
    item = ctx["item"]
    if tab == "diffs":
        for f in ctx["files"]:
            f["rendered"] = [(sha, *diff_rows(fd.diff, fd.path)) for sha, fd in f["parts"]]
        ctx["notes_by_line"] = {(t["path"], t["line"]): t for t in ctx["threads"] if t.get("path")}
    ctx.update(title=f"{TABS[tab]} · {item['title']} (!{iid}) · Merge requests · {p['name']} · GitLab", tab=tab)
    return project_page(request, p, f"mr_{tab}.html", ctx, "mrs")
