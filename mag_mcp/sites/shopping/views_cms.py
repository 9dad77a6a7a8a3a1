"""The storefront's CMS pages (Magento's About us, Customer Service, Privacy Policy), linked from the footer."""

from __future__ import annotations

from starlette.requests import Request
from starlette.responses import Response

from .common import not_found, render

# identifier -> (title, paragraphs)
PAGES: dict[str, tuple[str, tuple[str, ...]]] = {
    "about-us": ("About us", (
        "One Stop Market started in 2013 as a corner store in Port Alder's Lantern Quarter and grew into an online "
        "shop with tens of thousands of products, shipped from our warehouse in Eastgate.",
        "We sell everyday essentials, electronics, home goods, clothing, toys and groceries from hundreds of brands, "
        "large and small, and we read every review our customers write.",
        "Questions? Our customer service team answers on weekdays from 8 am to 6 pm Pacific time.")),
    "customer-service": ("Customer Service", (
        "Orders: you can follow every order under My Account > My Orders; orders ship within two business days.",
        "Shipping: Flat Rate costs $5.00 per item; Best Way costs $15.00 per order, whatever its size.",
        "Returns: unused items can be returned within 30 days of delivery. Write to us through the Contact Us form "
        "with your order number.",
        "Payment: we accept check or money order; an order is processed once the payment arrives.")),
    "privacy-policy-cookie-restriction-mode": ("Privacy and Cookie Policy", (
        "We keep the information you give us (name, addresses, orders, reviews) to run your account and your "
        "orders, and we never sell it.",
        "Cookies keep you signed in and remember your cart; the shop works without any other cookie.",
        "You can ask us to delete your account at any time through the Contact Us form.")),
}


def cms_page(request: Request) -> Response:
    page = PAGES.get(request.path_params["identifier"])
    if page is None:
        return not_found(request)
    title, paragraphs = page
    return render(request, "cms.html", dict(title=title, paragraphs=paragraphs))
