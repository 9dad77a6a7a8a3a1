"""The Magento-style admin of One Stop Market as an ASGI app (Starlette + Jinja2), over the shop's
database (same per-episode copy as the storefront).

URL map (every page lives under /admin; guests are sent to the sign-in page):

=================================================  ===============================================
GET  /  /admin  /admin/                             -> dashboard (signed in) or sign-in page
GET  /admin/admin/   POST /admin/admin/             sign in (login[username], login[password], referer)
GET|POST /admin/admin/auth/logout/                  sign out -> /admin/admin/
GET  /admin/dashboard/?tab=bestsellers|new_customers|customers
GET  /admin/sales/order/                            orders grid
GET  /admin/sales/order/view/order_id/<id>/         order page
POST /admin/sales/order/cancel/order_id/<id>/       cancel (pending / processing orders)
POST /admin/sales/order/addComment/order_id/<id>/   history[status], history[comment],
                                                    history[is_customer_notified], history[is_visible_on_front]
GET  /admin/catalog/product/                        products grid
GET  /admin/catalog/product/edit/id/<id>/           product form; POST .../save/id/<id>/
GET  /admin/catalog/product/new/                    new product form; POST /admin/catalog/product/save/
GET  /admin/catalog/category/                       category tree (read-only)
GET  /admin/customer/index/                         customers grid
GET  /admin/customer/index/edit/id/<id>/?tab=view|account|addresses|orders|reviews|newsletter
POST /admin/customer/index/save/id/<id>/            section=account|address|newsletter
GET  /admin/review/product/                         all reviews;  /admin/review/product/pending/
GET  /admin/review/product/edit/id/<id>/            review form; POST .../save/id/<id>/, .../delete/id/<id>/
POST /admin/review/product/massAction/              reviews[] + action (delete|approved|pending|not_approved)
GET  /admin/newsletter/subscriber/                  newsletter subscribers
GET  /admin/reports/                                report list
GET  /admin/reports/report_sales/sales/             orders report (from, to, period, order_status)
GET  /admin/reports/report_sales/bestsellers/       bestsellers (from, to, period)
GET  /admin/reports/report_customer/totals/         customers by order total; .../orders/ by count
GET  /admin/reports/report_review/product/          reviews by product
GET  /admin/cms/page/  /admin/system_store/  /admin/system_config/   read-only pages
GET  /admin/media/catalog/product/<id>.png          product image (the storefront's)
=================================================  ===============================================

Grids take search, filters (<key>, <key>_from, <key>_to), sort, dir, p and limit (see grid.py).
"""

from __future__ import annotations

from starlette.applications import Starlette
from starlette.exceptions import HTTPException
from starlette.requests import Request
from starlette.responses import PlainTextResponse, Response
from starlette.routing import Mount, Route
from starlette.staticfiles import StaticFiles
from starlette.types import ASGIApp

from ..base import SiteStateStore, StateMiddleware, mag_home
from . import views_auth as auth
from . import views_catalog as cat
from . import views_customers as cust
from . import views_reports as rep
from . import views_reviews as rev
from . import views_sales as sales
from .common import HERE, current_admin, login_redirect, not_found


def _routes() -> list:
    return [
        Route("/", auth.root),
        Route("/admin", auth.admin_root),
        Route("/admin/", auth.admin_root),
        Route("/admin/admin/", auth.login, methods=["GET"]),
        Route("/admin/admin/", auth.login_post, methods=["POST"]),
        Route("/admin/admin/auth/logout/", auth.logout, methods=["GET", "POST"]),
        Route("/admin/dashboard/", sales.dashboard),
        Route("/admin/sales/order/", sales.orders),
        Route("/admin/sales/order/view/order_id/{order_id:int}/", sales.order_view),
        Route("/admin/sales/order/cancel/order_id/{order_id:int}/", sales.order_cancel, methods=["POST"]),
        Route("/admin/sales/order/addComment/order_id/{order_id:int}/", sales.order_comment, methods=["POST"]),
        Route("/admin/catalog/product/", cat.products),
        Route("/admin/catalog/product/new/", cat.product_new),
        Route("/admin/catalog/product/edit/id/{product_id:int}/", cat.product_edit),
        Route("/admin/catalog/product/save/", cat.product_save, methods=["POST"]),
        Route("/admin/catalog/product/save/id/{product_id:int}/", cat.product_save, methods=["POST"]),
        Route("/admin/catalog/category/", cat.categories),
        Route("/admin/customer/index/", cust.customers),
        Route("/admin/customer/index/edit/id/{customer_id:int}/", cust.customer_edit),
        Route("/admin/customer/index/save/id/{customer_id:int}/", cust.customer_save, methods=["POST"]),
        Route("/admin/review/product/", rev.reviews),
        Route("/admin/review/product/pending/", rev.reviews_pending),
        Route("/admin/review/product/edit/id/{review_id:int}/", rev.review_edit),
        Route("/admin/review/product/save/id/{review_id:int}/", rev.review_save, methods=["POST"]),
        Route("/admin/review/product/delete/id/{review_id:int}/", rev.review_delete, methods=["POST"]),
        Route("/admin/review/product/massAction/", rev.review_mass, methods=["POST"]),
        Route("/admin/newsletter/subscriber/", auth.newsletter),
        Route("/admin/reports/", rep.reports_index),
        Route("/admin/reports/report_sales/sales/", rep.sales),
        Route("/admin/reports/report_sales/bestsellers/", rep.bestsellers),
        Route("/admin/reports/report_customer/totals/", rep.customers_totals),
        Route("/admin/reports/report_customer/orders/", rep.customers_orders),
        Route("/admin/reports/report_review/product/", rep.reviews_by_product),
        Route("/admin/cms/page/", auth.cms_pages),
        Route("/admin/system_store/", auth.stores),
        Route("/admin/system_config/", auth.config),
        Route("/admin/media/catalog/product/{product_id:int}.png", cat.product_thumbnail),
        Mount("/admin/static", app=StaticFiles(directory=str(HERE / "static")), name="static"),
    ]


def _http_error(request: Request, exc: Exception) -> Response:
    status = getattr(exc, "status_code", 500)
    if status == 404 and "mag_db" in request.scope:
        if current_admin(request) is None:
            return login_redirect(request)
        return not_found(request)
    return PlainTextResponse(getattr(exc, "detail", "Error"), status_code=status)


def create_app(store: SiteStateStore) -> ASGIApp:
    """The admin over `store` (the shop's per-episode databases)."""
    app = Starlette(routes=_routes(), exception_handlers={HTTPException: _http_error})
    app.state.media_dir = mag_home() / "media" / "shopping" / store.spec.seed_version
    return StateMiddleware(app, store)
