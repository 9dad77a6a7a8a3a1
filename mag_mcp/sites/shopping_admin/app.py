"""The Magento-style admin of One Stop Market as an ASGI app (Starlette + Jinja2), over the shop's
database (same per-episode copy as the storefront).

Every page lives under /admin and mirrors Magento 2.4's admin URLs; guests are sent to the
sign-in page. The menu (`menu.MENU`) lists the sections; each item is a page here:

* grids (`grid_pages.GridPage`): GET <grid>/ with search, filters (<key>, <key>_from, <key>_to),
  sort, dir, p, limit (see grid.py); POST <grid>/massAction/ (selected[] or select_all, action,
  back; deletes ask for a confirmation first); the column chooser posts to /admin/mui/bookmark/save/;
* edit forms (`record_forms.RecordForm`): <grid>/new/, <grid>/edit/<key>/<id>/, POST
  <grid>/save/[<key>/<id>/], POST <grid>/delete/<key>/<id>/;
* the pages with their own views, below.

=================================================  ===============================================
GET  /  /admin  /admin/                             -> dashboard (signed in) or sign-in page
GET  /admin/admin/   POST /admin/admin/             sign in (login[username], login[password], referer)
GET|POST /admin/admin/auth/logout/                  sign out -> /admin/admin/
GET  /admin/dashboard/?tab=bestsellers|viewed|new_customers|customers
GET  /admin/admin/index/globalSearch/?query=        products, customers, orders, pages
GET  /admin/sales/order/view/order_id/<id>/?tab=    order page (information, invoices, creditmemos,
                                                    shipments, history, transactions)
POST /admin/sales/order/{cancel,hold,unhold}/order_id/<id>/, .../addComment/order_id/<id>/
POST /admin/sales/order/email/order_id/<id>/; GET|POST .../address[Save]/address_id/<id>/ (order address)
GET  /admin/sales/order_invoice/new/order_id/<id>/  POST .../save/order_id/<id>/ (also
     /admin/admin/order_shipment/..., /admin/sales/order_creditmemo/...)
GET  /admin/sales/{invoice,shipment,creditmemo}/view/{invoice,shipment,creditmemo}_id/<id>/
GET  /admin/catalog/product/edit/id/<id>/           product form; POST .../save/id/<id>/; new/ + save/
GET  /admin/catalog/category/[edit/id/<id>/]        category tree + form; POST .../save/id/<id>/
GET  /admin/customer/index/edit/id/<id>/?tab=       customer page; POST .../save/id/<id>/ (section=...)
POST /admin/sales_rule/promo_quote/generate/       coupon codes of an Auto-coupon cart price rule (rule_id, qty, ...)
GET  /admin/review/product/edit/id/<id>/            review form; POST .../save/id/<id>/, .../delete/id/<id>/
GET  /admin/reports/...                             period reports (from, to, period[, order_status])
GET  /admin/admin/system_config/edit/section/<s>/   configuration; POST .../save/section/<s>/
GET  /admin/media/catalog/product/<id>.png          product image (the storefront's)
=================================================  ===============================================
"""

from __future__ import annotations

from collections.abc import Callable

from starlette.applications import Starlette
from starlette.exceptions import HTTPException
from starlette.requests import Request
from starlette.responses import PlainTextResponse, RedirectResponse, Response
from starlette.routing import BaseRoute, Mount, Route
from starlette.staticfiles import StaticFiles
from starlette.types import ASGIApp

from ..base import SiteStateStore, StateMiddleware, mag_home
from . import catalog_save as csave
from . import grid_pages, record_forms
from . import views_auth as auth
from . import views_catalog as cat
from . import views_coupons as coupons
from . import views_categories as cats
from . import views_content as content
from . import views_customers as cust
from . import views_customers_more as cust_more
from . import views_marketing as mkt
from . import views_order_more as order_more
from . import views_reports as rep
from . import views_reports_grids as rep_grids
from . import views_reports_more as rep_more
from . import views_reviews as rev
from . import views_sales as sales
from . import views_sales_docs as docs
from . import views_seo as seo
from . import views_stores as stores
from . import views_system as system
from .common import HERE, current_admin, login_redirect, not_found


def _kind(fn: Callable, kind: str, is_async: bool) -> Callable:
    """`fn` with `kind` set as a path parameter (one view serves several document kinds)."""
    if is_async:
        async def endpoint(request: Request) -> Response:
            request.scope["path_params"]["kind"] = kind
            return await fn(request)
        return endpoint

    def view(request: Request) -> Response:
        request.scope["path_params"]["kind"] = kind
        return fn(request)
    return view


def _document_routes() -> list[BaseRoute]:
    out: list[BaseRoute] = []
    for kind, base in (("invoice", "/admin/sales/order_invoice/"), ("shipment", "/admin/admin/order_shipment/"),
                       ("creditmemo", "/admin/sales/order_creditmemo/")):
        out.append(Route(base + "new/order_id/{order_id:int}/", _kind(docs.new_document, kind, False)))
        out.append(Route(base + "save/order_id/{order_id:int}/", _kind(docs.save_document, kind, True), methods=["POST"]))
    return out


def _moved(target: str) -> Callable:
    def view(request: Request) -> Response:
        return RedirectResponse(target, status_code=301)
    return view


def _routes() -> list[BaseRoute]:
    pages = [sales.ORDERS_PAGE, cat.products_page(csave.apply_product_action), cust.CUSTOMERS_PAGE,
             rep.REVIEWS_BY_PRODUCT_PAGE, *docs.PAGES, *rev.PAGES, *cust_more.PAGES, *mkt.PAGES, *seo.PAGES,
             *content.PAGES, *rep_grids.PAGES, *stores.PAGES, *system.PAGES]
    forms = [*cust_more.FORMS, *mkt.FORMS, *seo.FORMS, *content.FORMS, *stores.FORMS, *system.FORMS]
    routes: list[BaseRoute] = [
        Route("/", auth.root),
        Route("/admin", auth.admin_root),
        Route("/admin/", auth.admin_root),
        Route("/admin/admin/", auth.login, methods=["GET"]),
        Route("/admin/admin/", auth.login_post, methods=["POST"]),
        Route("/admin/admin/auth/logout/", auth.logout, methods=["GET", "POST"]),
        Route("/admin/admin/index/globalSearch/", auth.global_search),
        Route("/admin/dashboard/", sales.dashboard),
        Route("/admin/mui/bookmark/save/", grid_pages.bookmark_save, methods=["POST"]),
        Route("/admin/sales/order/view/order_id/{order_id:int}/", sales.order_view),
        Route("/admin/sales/order/cancel/order_id/{order_id:int}/", sales.order_cancel, methods=["POST"]),
        Route("/admin/sales/order/hold/order_id/{order_id:int}/", sales.order_hold, methods=["POST"]),
        Route("/admin/sales/order/unhold/order_id/{order_id:int}/", sales.order_unhold, methods=["POST"]),
        Route("/admin/sales/order/addComment/order_id/{order_id:int}/", sales.order_comment, methods=["POST"]),
        Route("/admin/sales/order/email/order_id/{order_id:int}/", order_more.order_email, methods=["POST"]),
        Route("/admin/sales/order/address/address_id/{order_id:int}/", order_more.order_address),
        Route("/admin/sales/order/addressSave/address_id/{order_id:int}/", order_more.order_address_save,
              methods=["POST"]),
        *_document_routes(),
        Route("/admin/sales/invoice/view/invoice_id/{invoice_id:int}/", docs.invoice_view),
        Route("/admin/sales/shipment/view/shipment_id/{shipment_id:int}/", docs.shipment_view),
        Route("/admin/admin/order_shipment/addTrack/shipment_id/{shipment_id:int}/", docs.add_track, methods=["POST"]),
        Route("/admin/sales/creditmemo/view/creditmemo_id/{creditmemo_id:int}/", docs.creditmemo_view),
        Route("/admin/paypal/billing_agreement/view/agreement/{agreement_id:int}/", docs.agreement_view),
        Route("/admin/paypal/billing_agreement/cancel/agreement/{agreement_id:int}/", docs.agreement_cancel,
              methods=["POST"]),
        Route("/admin/sales/transactions/view/txn_id/{txn_id:int}/", docs.transaction_view),
        Route("/admin/catalog/product/new/", cat.product_new),
        Route("/admin/catalog/product/edit/id/{product_id:int}/", cat.product_edit),
        Route("/admin/catalog/product/save/", csave.product_save, methods=["POST"]),
        Route("/admin/catalog/product/save/id/{product_id:int}/", csave.product_save, methods=["POST"]),
        Route("/admin/catalog/category/", cats.categories),
        Route("/admin/catalog/category/edit/id/{category_id:int}/", cats.categories),
        Route("/admin/catalog/category/save/id/{category_id:int}/", cats.category_save, methods=["POST"]),
        Route("/admin/sales_rule/promo_quote/generate/", coupons.coupons_generate, methods=["POST"]),
        Route("/admin/customer/index/new/", cust.customer_new),
        Route("/admin/customer/index/save/", cust.customer_create, methods=["POST"]),
        Route("/admin/customer/index/edit/id/{customer_id:int}/", cust.customer_edit),
        Route("/admin/customer/index/save/id/{customer_id:int}/", cust.customer_save, methods=["POST"]),
        Route("/admin/customer/index/delete/id/{customer_id:int}/", cust.customer_delete, methods=["POST"]),
        Route("/admin/customer/index/resetPassword/id/{customer_id:int}/", cust.customer_reset_password,
              methods=["POST"]),
        Route("/admin/customer/index/invalidateToken/id/{customer_id:int}/", cust.customer_force_sign_in,
              methods=["POST"]),
        Route("/admin/review/product/edit/id/{review_id:int}/", rev.review_edit),
        Route("/admin/review/product/save/id/{review_id:int}/", rev.review_save, methods=["POST"]),
        Route("/admin/review/product/delete/id/{review_id:int}/", rev.review_delete, methods=["POST"]),
        Route("/admin/reports/", rep.reports_index),
        Route("/admin/reports/report_sales/sales/", rep.sales),
        Route("/admin/reports/report_sales/bestsellers/", rep.bestsellers),
        Route("/admin/reports/report_customer/totals/", rep.customers_totals),
        Route("/admin/reports/report_customer/orders/", rep.customers_orders),
        *[Route(r.path, rep_more.report_view(r)) for r in rep_more.REPORTS],
        Route("/admin/admin/system_store/", stores.stores),
        Route("/admin/admin/system_config/", stores.config),
        Route("/admin/admin/system_config/edit/section/{section}/", stores.config),
        Route("/admin/admin/system_config/save/section/{section}/", stores.config_save, methods=["POST"]),
        Route("/admin/system_store/", _moved("/admin/admin/system_store/")),
        Route("/admin/system_config/", _moved("/admin/admin/system_config/")),
        Route("/admin/admin/system_currency/", stores.currency),
        Route("/admin/admin/system_currencysymbol/", stores.currency_symbols),
        Route("/admin/admin/system_currency/save/{kind}/", stores.currency_save, methods=["POST"]),
        Route("/admin/admin/import/", system.data_transfer),
        Route("/admin/admin/export/", system.data_transfer),
        Route("/admin/admin/{area}/start/{kind}/", system.data_transfer_post, methods=["POST"]),
        Route("/admin/admin/crypt_key/", system.crypt_key),
        Route("/admin/admin/crypt_key/save/", system.crypt_key_save, methods=["POST"]),
        Route("/admin/admin/system_account/", _moved("/admin/admin/user/edit/user_id/1/")),
        Route("/admin/media/catalog/product/{product_id:int}.png", cat.product_thumbnail),
        Mount("/admin/static", app=StaticFiles(directory=str(HERE / "static")), name="static"),
    ]
    routes += grid_pages.routes(pages)
    for form in forms:
        routes += record_forms.routes(form)
    return routes


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
