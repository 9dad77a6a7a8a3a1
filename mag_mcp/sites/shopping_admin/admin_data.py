"""Hand-written tables of the admin's own world: promotions, content, communications and the
stores' settings of One Stop Market (Port Alder, Oregon). `seed_admin` turns them into rows,
next to what it derives from the shop's orders, customers and products.

Everything here is small and fixed; nothing in it names a real person.
"""

from __future__ import annotations

# --- customers ---------------------------------------------------------------------------------

CUSTOMER_GROUPS: list[tuple[int, str, str]] = [  # id, code, tax class
    (0, "NOT LOGGED IN", "Retail Customer"), (1, "General", "Retail Customer"),
    (2, "Wholesale", "Retail Customer"), (3, "Retailer", "Retail Customer"),
    (4, "Port Alder Staff", "Retail Customer"), (5, "Nonprofit Partners", "Tax Exempt Org"),
]
VISITED_PATHS = ["/", "/electronics.html", "/home-kitchen.html", "/checkout/cart/", "/customer/account/",
                 "/sales/order/history/", "/catalogsearch/result/?q=headphones", "/wishlist/", "/beauty-personal-care.html",
                 "/grocery-gourmet-food.html", "/sports-outdoors.html", "/checkout/", "/contact/"]

# --- promotions ----------------------------------------------------------------------------------

# name, description, coupon code ('' = no coupon, '*' = generated codes), action, amount, free shipping,
# groups ('' = all), from, to, active
CART_RULES: list[tuple[str, str, str, str, float, int, str, str, str, int]] = [
    ("Welcome 10% Off", "New customers' first order.", "WELCOME10", "by_percent", 10, 0, "1", "2022-01-01", "", 1),
    ("Free Shipping over $75", "Free Best Way shipping on carts of $75 or more.", "", "by_percent", 0, 1, "",
     "2022-01-01", "", 1),
    ("Summer Sale 2022", "Sitewide summer promotion.", "SUMMER22", "by_percent", 15, 0, "", "2022-06-01",
     "2022-08-31", 0),
    ("Harbor Days 2023", "Alder Wharf festival weekend discount.", "HARBOR23", "by_fixed", 5, 0, "", "2023-06-09",
     "2023-06-18", 1),
    ("Black Friday 2022", "25% off everything on Black Friday weekend.", "BLACKFRIDAY22", "by_percent", 25, 0, "",
     "2022-11-25", "2022-11-28", 0),
    ("Cyber Monday 2022", "$20 off orders over $100.", "CYBER20", "cart_fixed", 20, 0, "", "2022-11-28",
     "2022-11-29", 0),
    ("Wholesale Tier Discount", "Standing discount for wholesale accounts.", "", "by_percent", 12, 0, "2",
     "2021-06-01", "", 1),
    ("Retailer Pack Pricing", "Buy 3 get 1 free on packs for retailers.", "", "buy_x_get_y", 1, 0, "3",
     "2022-03-01", "", 1),
    ("Staff Appreciation", "Employee discount.", "OSMSTAFF", "by_percent", 20, 1, "4", "2021-06-01", "", 1),
    ("Nonprofit Partner Savings", "Discount for Port Alder nonprofits.", "", "by_percent", 8, 0, "5",
     "2022-02-01", "", 1),
    ("Back to School 2022", "Supplies for the school year.", "SCHOOL22", "by_percent", 10, 0, "", "2022-08-01",
     "2022-09-15", 0),
    ("Back to School 2023", "Supplies for the school year.", "SCHOOL23", "by_percent", 10, 0, "", "2023-08-01",
     "2023-09-15", 1),
    ("Holiday Gift Guide", "Gift sets and toys, December.", "GIFT15", "by_percent", 15, 0, "", "2022-12-01",
     "2022-12-24", 0),
    ("New Year Reset", "Fitness and kitchen essentials.", "NEWYEAR23", "by_fixed", 10, 0, "", "2023-01-01",
     "2023-01-15", 0),
    ("Spring Cleaning", "Household supplies.", "SPRING23", "by_percent", 12, 0, "", "2023-03-20", "2023-04-10", 0),
    ("Mother's Day 2023", "Beauty and home.", "MOM2023", "by_percent", 15, 0, "", "2023-05-01", "2023-05-14", 0),
    ("Father's Day 2023", "Tools, grills and gadgets.", "DAD2023", "by_percent", 15, 0, "", "2023-06-05",
     "2023-06-18", 1),
    ("Newsletter Thank You", "For newsletter subscribers.", "*", "by_percent", 5, 0, "1", "2022-04-01", "", 1),
    ("Customer Service Goodwill", "One-time codes issued by support.", "*", "cart_fixed", 15, 0, "",
     "2021-06-01", "", 1),
    ("Referral Reward", "A friend's referral code.", "*", "cart_fixed", 10, 0, "1", "2022-05-01", "", 1),
    ("Lighthouse Run Sponsors", "North Shore Lighthouse Run participants.", "LIGHTHOUSE5K", "by_percent", 10, 0,
     "", "2023-04-01", "2023-04-30", 0),
    ("Herons Home Game", "Port Alder Herons fans, match days.", "GOHERONS", "by_fixed", 7, 0, "", "2022-09-01",
     "", 1),
    ("University Student Deal", "Port Alder University students.", "PAU-STUDENT", "by_percent", 10, 0, "1",
     "2022-08-15", "", 1),
    ("Free Shipping Weekend", "Free shipping, no minimum.", "SHIPFREE", "by_percent", 0, 1, "", "2023-02-10",
     "2023-02-12", 0),
    ("Clearance Extra 10%", "On top of clearance prices.", "CLEAR10", "by_percent", 10, 0, "", "2023-01-20",
     "2023-02-28", 0),
    ("Pet Supplies Bundle", "Buy 2 get 1 on pet food.", "", "buy_x_get_y", 1, 0, "", "2022-10-01", "", 0),
    ("Coffee Lovers", "Harbor Coffee Roasters partnership.", "ROAST15", "by_percent", 15, 0, "", "2022-11-01",
     "2023-03-31", 0),
    ("Lantern Quarter Festival", "Festival week discount.", "LANTERN", "by_fixed", 5, 0, "", "2022-10-14",
     "2022-10-23", 0),
    ("Bulk Grocery 5%", "Orders of 10 or more grocery items.", "", "by_percent", 5, 0, "", "2022-01-01", "", 1),
    ("VIP Anniversary", "Customers of more than two years.", "VIP2YEARS", "by_percent", 18, 1, "1", "2023-01-01",
     "2023-12-31", 1),
]
CART_ACTIONS = [("by_percent", "Percent of product price discount"), ("by_fixed", "Fixed amount discount"),
                ("cart_fixed", "Fixed amount discount for whole cart"),
                ("buy_x_get_y", "Buy X get Y free (discount amount is Y)")]

# name, action, amount, groups, from, to, active, condition (category names)
CATALOG_RULES: list[tuple[str, str, float, str, str, str, int, str]] = [
    ("Electronics Week", "by_percent", 10, "", "2023-06-05", "2023-06-18", 1, "Electronics"),
    ("Kitchen Clearance", "by_percent", 20, "", "2023-01-10", "2023-02-10", 0, "Home & Kitchen"),
    ("Wholesale Catalog Price", "by_percent", 8, "2", "2021-06-01", "", 1, "Grocery & Gourmet Food"),
    ("Outdoor Season Opener", "by_percent", 12, "", "2023-04-01", "2023-05-15", 0, "Sports & Outdoors"),
    ("Beauty Favorites", "by_fixed", 3, "", "2023-05-01", "2023-05-31", 0, "Beauty & Personal Care"),
    ("Toy Drive December", "by_percent", 15, "", "2022-12-01", "2022-12-24", 0, "Toys & Games"),
    ("Staff Catalog Discount", "by_percent", 15, "4", "2021-06-01", "", 1, "Any category"),
    ("Pet Month", "by_percent", 10, "", "2023-03-01", "2023-03-31", 0, "Pet Supplies"),
    ("Office Refresh", "to_percent", 90, "", "2022-08-15", "2022-09-30", 0, "Office Products"),
    ("Health Awareness", "by_percent", 7, "", "2023-02-01", "2023-02-28", 0, "Health & Household"),
    ("Game Night", "by_fixed", 5, "", "2022-11-01", "2022-11-30", 0, "Video Games"),
    ("Nonprofit Catalog Price", "by_percent", 6, "5", "2022-02-01", "", 1, "Any category"),
    ("Garden Days", "by_percent", 10, "", "2023-04-15", "2023-05-31", 0, "Patio, Lawn & Garden"),
    ("Retailer Catalog Price", "to_percent", 92, "3", "2022-03-01", "", 1, "Any category"),
    ("Summer Grill Out", "by_percent", 10, "", "2023-06-01", "2023-07-04", 1, "Patio, Lawn & Garden"),
]
CATALOG_ACTIONS = [("by_percent", "Apply as percentage of original"), ("by_fixed", "Apply as fixed amount"),
                   ("to_percent", "Adjust final price to this percentage"),
                   ("to_fixed", "Adjust final price to discount value")]

# --- communications ----------------------------------------------------------------------------------

EMAIL_TEMPLATES: list[tuple[str, str, str]] = [  # code, subject, based on
    ("OSM New Order", "Your One Stop Market order confirmation", "New Order"),
    ("OSM New Order (Guest)", "Your One Stop Market order confirmation", "New Order for Guest"),
    ("OSM Order Update", "Update to your One Stop Market order", "Order Update"),
    ("OSM Invoice", "Invoice for your One Stop Market order", "New Invoice"),
    ("OSM Shipment", "Your One Stop Market order has shipped", "New Shipment"),
    ("OSM Credit Memo", "Credit memo for your One Stop Market order", "New Credit Memo"),
    ("OSM Welcome", "Welcome to One Stop Market", "New Account"),
    ("OSM Password Reset", "Reset your One Stop Market password", "Forgot Password"),
    ("OSM Contact Form", "Contact form message", "Contact Form"),
    ("OSM Wish List Share", "Take a look at my wish list", "Share Wishlist Notification"),
    ("OSM Newsletter Confirmation", "Newsletter subscription confirmation", "Subscription Confirmation"),
    ("OSM Newsletter Goodbye", "Newsletter unsubscription success", "Unsubscription Success"),
    ("OSM Product Alert (Price)", "Price alert", "Product price alert"),
    ("OSM Product Alert (Stock)", "Back in stock alert", "Product stock alert"),
    ("OSM Abandoned Cart Reminder", "You left something in your cart", "Reminder"),
    ("OSM Holiday Hours", "Holiday store hours at the Eastgate warehouse", "Header"),
]
NEWSLETTER_TEMPLATES: list[tuple[str, str]] = [  # code, subject
    ("Weekly Deals", "This week's deals at One Stop Market"), ("New Arrivals", "Just in: new arrivals"),
    ("Harbor Days", "Harbor Days are back at Alder Wharf"), ("Holiday Gift Guide", "Our holiday gift guide"),
    ("Back to School", "Back to school essentials"), ("Spring Cleaning", "Spring cleaning savings"),
    ("Summer Outdoors", "Get outside this summer"), ("Pet Lovers", "Treats for your pets"),
    ("Kitchen Corner", "Recipes and kitchen tools"), ("Tech Picks", "Our favorite gadgets this month"),
    ("Customer Appreciation", "Thank you from One Stop Market"), ("Year in Review", "Your year with One Stop Market"),
]
NEWSLETTER_ERRORS = [(550, "Mailbox unavailable"), (552, "Mailbox full"), (421, "Service not available, try later"),
                     (554, "Message rejected as spam"), (553, "Mailbox name not allowed")]

# --- SEO & search -------------------------------------------------------------------------------------

SYNONYM_GROUPS = [
    "tv,television", "headphones,headset,earphones", "sofa,couch", "laptop,notebook", "cellphone,mobile,smartphone",
    "sneakers,trainers,running shoes", "soda,pop,soft drink", "vacuum,hoover", "bag,backpack,rucksack",
    "mug,cup", "pants,trousers", "flashlight,torch", "fridge,refrigerator", "diaper,nappy", "cookie,biscuit",
    "charger,power adapter", "speaker,loudspeaker", "cart,trolley", "pan,skillet", "kids,children",
    "tote,shopping bag", "candy,sweets", "trash can,garbage can,bin", "blanket,throw", "grill,barbecue,bbq",
]
SEARCH_TYPOS = {"headphnes": "headphones", "skilet": "skillet", "vaccum": "vacuum", "blutooth": "bluetooth",
                "chargr": "charger", "moisturiser": "moisturizer", "nintedo": "nintendo", "coffe": "coffee",
                "protien": "protein", "keybord": "keyboard", "wireles": "wireless", "shampo": "shampoo"}
URL_REDIRECTS: list[tuple[str, str]] = [  # request path, target path (permanent redirects of old pages)
    ("sale.html", "catalogsearch/result/?q=sale"), ("about.html", "about-us"), ("contact-us.html", "contact"),
    ("shipping.html", "customer-service"), ("returns.html", "customer-service"), ("deals.html", "electronics.html"),
    ("gift-cards.html", "customer-service"), ("harbor-days.html", "catalogsearch/result/?q=harbor"),
    ("privacy.html", "privacy-policy-cookie-restriction-mode"), ("faq.html", "customer-service"),
    ("kitchen.html", "home-kitchen.html"), ("tech.html", "electronics.html"), ("pets.html", "pet-supplies.html"),
    ("garden.html", "patio-lawn-garden.html"), ("toys.html", "toys-games.html"), ("games.html", "video-games.html"),
]

# --- content ------------------------------------------------------------------------------------

CMS_PAGES: list[tuple[str, str, str, int]] = [  # title, url key, layout, enabled
    ("404 Not Found", "no-route", "2columns-right", 1), ("Home Page", "home", "1column", 1),
    ("Enable Cookies", "enable-cookies", "1column", 1),
    ("Privacy and Cookie Policy", "privacy-policy-cookie-restriction-mode", "1column", 1),
    ("About us", "about-us", "1column", 1), ("Customer Service", "customer-service", "1column", 1),
    ("Shipping and Delivery", "shipping-and-delivery", "1column", 1), ("Returns and Exchanges", "returns", "1column", 1),
    ("Store Pickup at Eastgate", "store-pickup", "1column", 1), ("Gift Cards", "gift-cards", "1column", 0),
    ("Harbor Days 2023", "harbor-days-2023", "1column", 1), ("Harbor Days 2022", "harbor-days-2022", "1column", 0),
    ("Black Friday 2022", "black-friday-2022", "1column", 0), ("Holiday Gift Guide", "holiday-gift-guide", "1column", 0),
    ("Back to School", "back-to-school", "1column", 0), ("Careers", "careers", "2columns-left", 1),
    ("Terms of Sale", "terms-of-sale", "1column", 1), ("Accessibility", "accessibility", "1column", 1),
    ("Sustainability at One Stop Market", "sustainability", "1column", 1),
    ("Community Partners", "community-partners", "2columns-left", 1), ("Wholesale Accounts", "wholesale", "1column", 1),
    ("Price Match Guarantee", "price-match", "1column", 1), ("Product Recalls", "product-recalls", "1column", 1),
    ("Order Tracking Help", "order-tracking-help", "1column", 1), ("Payment Options", "payment-options", "1column", 1),
    ("Size Guide", "size-guide", "1column", 1), ("Lighthouse Run Sponsorship", "lighthouse-run", "1column", 0),
    ("Newsletter", "newsletter", "1column", 1), ("Store Hours", "store-hours", "1column", 1),
    ("Press", "press", "2columns-left", 0),
]
CMS_BLOCKS: list[tuple[str, str, int]] = [  # title, identifier, enabled
    ("Footer Links", "footer_links_block", 1), ("Contact Us Info", "contact-us-info", 1),
    ("Home Hero Banner", "home-hero", 1), ("Home Promo Strip", "home-promo-strip", 1),
    ("Free Shipping Notice", "free-shipping-notice", 1), ("Harbor Days Banner", "harbor-days-banner", 1),
    ("Black Friday Banner", "black-friday-banner", 0), ("Holiday Banner", "holiday-banner", 0),
    ("Cart Upsell Note", "cart-upsell-note", 1), ("Checkout Help", "checkout-help", 1),
    ("Category Electronics Top", "category-electronics-top", 1), ("Category Kitchen Top", "category-kitchen-top", 1),
    ("Category Beauty Top", "category-beauty-top", 1), ("Category Grocery Top", "category-grocery-top", 0),
    ("Newsletter Signup", "newsletter-signup", 1), ("Store Pickup Info", "store-pickup-info", 1),
    ("Returns Policy Summary", "returns-summary", 1), ("Price Match Badge", "price-match-badge", 1),
    ("Recall Notice", "recall-notice", 0), ("Account Sidebar Promo", "account-sidebar-promo", 1),
    ("Empty Cart Message", "empty-cart-message", 1), ("Order Success Note", "order-success-note", 1),
    ("Sustainability Pledge", "sustainability-pledge", 1), ("Wholesale Contact", "wholesale-contact", 1),
]
WIDGETS: list[tuple[str, str, str, int]] = [  # title, type, layout handle, sort order
    ("Home Hero", "CMS Static Block", "cms_index_index", 0), ("Home Promo Strip", "CMS Static Block", "cms_index_index", 1),
    ("New Products on Home", "Catalog New Products List", "cms_index_index", 2),
    ("Footer Links", "CMS Static Block", "default", 0), ("Free Shipping Notice", "CMS Static Block", "checkout_cart_index", 0),
    ("Recently Viewed", "Recently Viewed Products", "catalog_product_view", 3),
    ("Recently Compared", "Recently Compared Products", "catalog_product_view", 4),
    ("Electronics Top Block", "CMS Static Block", "catalog_category_view", 0),
    ("Kitchen Top Block", "CMS Static Block", "catalog_category_view", 1),
    ("Harbor Days Banner", "CMS Static Block", "default", 5), ("Checkout Help", "CMS Static Block", "checkout_index_index", 0),
    ("Bestseller Products", "Catalog Products List", "cms_index_index", 6),
    ("Orders and Returns", "Orders and Returns", "default", 9),
    ("Account Promo", "CMS Static Block", "customer_account", 0), ("Store Pickup Info", "CMS Static Block", "checkout_index_index", 2),
]
THEMES: list[tuple[str, str, str]] = [  # title, code, parent
    ("Magento Blank", "Magento/blank", ""), ("Magento Luma", "Magento/luma", "Magento Blank"),
    ("One Stop Market", "OneStop/market", "Magento Luma"), ("One Stop Market Holiday", "OneStop/holiday", "One Stop Market"),
    ("Magento 2 backend", "Magento/backend", ""),
]

# --- stores -------------------------------------------------------------------------------------------

TERMS: list[tuple[str, str, str, int, str]] = [  # name, checkbox text, content, active, mode
    ("Terms of Sale", "I agree to the Terms of Sale", ("Orders are accepted when shipped; prices include no sales tax "
     "in Oregon. Returns are accepted within 30 days of delivery."), 1, "Manually"),
    ("Privacy Notice", "I have read the Privacy Notice", ("We use your address only to deliver your order and never "
     "sell it. See the Privacy and Cookie Policy page."), 0, "Automatically"),
    ("Wholesale Terms", "I accept the Wholesale Terms", ("Wholesale orders ship in full cases; net 30 payment for "
     "approved accounts."), 1, "Manually"),
]
ORDER_STATUSES: list[tuple[str, str, str]] = [  # status, label, state
    ("canceled", "Canceled", "canceled"), ("closed", "Closed", "closed"), ("complete", "Complete", "complete"),
    ("fraud", "Suspected Fraud", "processing"), ("holded", "On Hold", "holded"),
    ("payment_review", "Payment Review", "payment_review"), ("pending", "Pending", "new"),
    ("pending_payment", "Pending Payment", "pending_payment"), ("processing", "Processing", "processing"),
]
CURRENCIES: list[tuple[str, str, str, float]] = [  # code, name, symbol, rate from USD
    ("USD", "US Dollar", "$", 1.0), ("CAD", "Canadian Dollar", "CA$", 1.3412), ("EUR", "Euro", "\u20ac", 0.9281),
    ("GBP", "British Pound", "\u00a3", 0.7953), ("JPY", "Japanese Yen", "\u00a5", 139.62),
    ("MXN", "Mexican Peso", "MX$", 17.3105), ("AUD", "Australian Dollar", "A$", 1.4921),
]
RATINGS = ["Quality", "Value", "Price", "Rating"]
ATTRIBUTE_SETS = ["Default", "Top", "Bottom", "Gear", "Electronics", "Grocery", "Beauty", "Home Goods"]
# code, label, input type, required, user defined, scope, searchable, filterable, comparable, visible on front
PRODUCT_ATTRIBUTES: list[tuple[str, str, str, int, int, str, int, int, int, int]] = [
    ("name", "Product Name", "Text Field", 1, 0, "Store View", 1, 0, 0, 0),
    ("sku", "SKU", "Text Field", 1, 0, "Global", 1, 0, 0, 0),
    ("price", "Price", "Price", 1, 0, "Global", 1, 1, 0, 0),
    ("cost", "Cost", "Price", 0, 0, "Global", 0, 0, 0, 0),
    ("special_price", "Special Price", "Price", 0, 0, "Global", 0, 0, 0, 0),
    ("special_from_date", "Special Price From Date", "Date", 0, 0, "Website", 0, 0, 0, 0),
    ("special_to_date", "Special Price To", "Date", 0, 0, "Website", 0, 0, 0, 0),
    ("msrp", "Minimum Advertised Price", "Price", 0, 0, "Website", 0, 0, 0, 0),
    ("weight", "Weight", "Weight", 0, 0, "Global", 0, 0, 0, 0),
    ("description", "Description", "Page Builder", 0, 0, "Store View", 1, 0, 1, 0),
    ("short_description", "Short Description", "Text Editor", 0, 0, "Store View", 1, 0, 1, 0),
    ("meta_title", "Meta Title", "Text Field", 0, 0, "Store View", 0, 0, 0, 0),
    ("meta_keyword", "Meta Keywords", "Text Area", 0, 0, "Store View", 0, 0, 0, 0),
    ("meta_description", "Meta Description", "Text Area", 0, 0, "Store View", 0, 0, 0, 0),
    ("url_key", "URL Key", "Text Field", 0, 0, "Store View", 0, 0, 0, 0),
    ("visibility", "Visibility", "Dropdown", 0, 0, "Store View", 0, 0, 0, 0),
    ("status", "Enable Product", "Yes/No", 0, 0, "Website", 0, 0, 0, 0),
    ("tax_class_id", "Tax Class", "Dropdown", 0, 0, "Website", 0, 0, 0, 0),
    ("country_of_manufacture", "Country of Manufacture", "Dropdown", 0, 0, "Website", 0, 0, 0, 0),
    ("news_from_date", "Set Product as New from Date", "Date", 0, 0, "Website", 0, 0, 0, 0),
    ("news_to_date", "Set Product as New to Date", "Date", 0, 0, "Website", 0, 0, 0, 0),
    ("manufacturer", "Manufacturer", "Dropdown", 0, 1, "Global", 1, 1, 1, 1),
    ("color", "Color", "Dropdown", 0, 1, "Global", 1, 1, 1, 1),
    ("size", "Size", "Dropdown", 0, 1, "Global", 1, 1, 1, 1),
    ("material", "Material", "Multiple Select", 0, 1, "Global", 1, 1, 1, 1),
    ("pack_size", "Pack Size", "Dropdown", 0, 1, "Global", 1, 1, 1, 1),
    ("gift_message_available", "Allow Gift Message", "Yes/No", 0, 0, "Store View", 0, 0, 0, 0),
    ("page_layout", "Layout", "Dropdown", 0, 0, "Store View", 0, 0, 0, 0),
    ("options_container", "Display Product Options In", "Dropdown", 0, 0, "Store View", 0, 0, 0, 0),
    ("custom_layout_update_file", "Custom Layout Update", "Dropdown", 0, 0, "Store View", 0, 0, 0, 0),
    ("eco_collection", "Eco Collection", "Yes/No", 0, 1, "Global", 1, 1, 0, 1),
    ("warranty", "Warranty", "Text Field", 0, 1, "Store View", 0, 0, 1, 1),
    ("energy_rating", "Energy Rating", "Dropdown", 0, 1, "Global", 0, 1, 1, 1),
    ("age_range", "Age Range", "Dropdown", 0, 1, "Global", 1, 1, 0, 1),
    ("dietary", "Dietary Features", "Multiple Select", 0, 1, "Global", 1, 1, 0, 1),
]
COUNTRIES_OF_MANUFACTURE = ["United States", "Canada", "Mexico", "China", "Japan", "South Korea", "Taiwan", "Vietnam",
                            "Germany", "Italy", "France", "United Kingdom", "India", "Thailand", "Malaysia"]

# --- system -------------------------------------------------------------------------------------------

ADMIN_ROLES: list[tuple[str, str]] = [  # role, resources
    ("Administrators", "All"), ("Catalog Managers", "Catalog, Reports > Products, Marketing > User Content"),
    ("Customer Support", "Sales, Customers, Marketing > User Content"), ("Marketing Team", "Marketing, Content, Reports"),
    ("Warehouse", "Sales > Shipments, Catalog > Products (stock only)"),
]
INTEGRATIONS: list[tuple[str, str, str, str]] = [  # name, email, endpoint, status
    ("Port Alder Shipping Bridge", "it@portaldershipping.example", "https://bridge.portaldershipping.example/osm", "Active"),
    ("Harbor Accounting Sync", "sync@harboraccounting.example", "https://api.harboraccounting.example/magento", "Active"),
    ("Alder Labs Inventory Feed", "feeds@alderlabs.example", "https://feeds.alderlabs.example/inventory", "Inactive"),
    ("Newsletter Service", "ops@newsletter.example", "https://hooks.newsletter.example/osm", "Active"),
    ("Marketplace Connector (trial)", "trial@marketplace.example", "", "Inactive"),
]
CACHE_TYPES: list[tuple[str, str, str, str]] = [  # code, label, description, tags
    ("config", "Configuration", "Various XML configurations that were collected across modules and merged", "CONFIG"),
    ("layout", "Layouts", "Layout building instructions", "LAYOUT_GENERAL_CACHE_TAG"),
    ("block_html", "Blocks HTML output", "Page blocks HTML", "BLOCK_HTML"),
    ("collections", "Collections Data", "Collection data files", "COLLECTION_DATA"),
    ("reflection", "Reflection Data", "API interfaces reflection data", "REFLECTION"),
    ("db_ddl", "Database DDL operations", "Results of DDL queries, such as describing tables or indexes", "DB_DDL"),
    ("compiled_config", "Compiled Config", "Compilation configuration", ""),
    ("eav", "EAV types and attributes", "Entity types declaration cache", "EAV"),
    ("customer_notification", "Customer Notification", "Customer Notification", ""),
    ("config_integration", "Integrations Configuration", "Integration configuration file", "INTEGRATION"),
    ("config_integration_api", "Integrations API Configuration", "Integrations API configuration file",
     "INTEGRATION_API_CONFIG"),
    ("full_page", "Page Cache", "Full page caching", "FPC"),
    ("config_webservice", "Web Services Configuration", "REST and SOAP configurations, generated WSDL file", "WEBSERVICE"),
    ("translate", "Translations", "Translation files", "TRANSLATE"),
]
INDEXERS: list[tuple[str, str, str]] = [  # code, title, description
    ("design_config_grid", "Design Config Grid", "Rebuild design config grid index"),
    ("customer_grid", "Customer Grid", "Rebuild Customer grid index"),
    ("catalog_category_product", "Category Products", "Indexed category/products association"),
    ("catalog_product_category", "Product Categories", "Indexed product/categories association"),
    ("catalogrule_rule", "Catalog Rule Product", "Indexed rule/product association"),
    ("catalog_product_attribute", "Product EAV", "Index product EAV"),
    ("cataloginventory_stock", "Stock", "Index stock"),
    ("inventory", "Inventory", "Inventory index (MSI)"),
    ("catalogrule_product", "Catalog Product Rule", "Indexed product/rule association"),
    ("catalog_product_price", "Product Price", "Index product prices"),
    ("catalogsearch_fulltext", "Catalog Search", "Rebuild Catalog product fulltext search index"),
    ("salesrule_rule", "Sales Rule", "Indexed sales rule data"),
]
NOTIFICATIONS: list[tuple[int, str, str]] = [  # severity (1 critical .. 4 notice), title, description
    (4, "Magento 2.4.6 is available", "Security and quality fixes; see the release notes before upgrading."),
    (2, "One or more indexers are invalid", "Make sure your Magento cron job is running."),
    (3, "Cache types were invalidated", "Refresh the Page Cache after the catalog price changes."),
    (1, "Security patch for the checkout", "Apply the latest security patch to the checkout module."),
    (4, "New shipping carrier integration", "The Port Alder Shipping Bridge integration is now active."),
    (3, "Low stock on several products", "Reports > Products > Low Stock lists the items to reorder."),
    (4, "Harbor Days promotion starts June 9", "Cart price rule Harbor Days 2023 goes live on June 9."),
    (2, "Scheduled backups failed twice", "Check free disk space on the database server."),
    (4, "Quarterly sales statistics refreshed", "Reports > Statistics shows when each report was refreshed."),
    (3, "Newsletter queue paused", "The newsletter service answered with errors; the queue was paused."),
    (4, "Tax rates updated", "Tax Zones and Rates were updated for the new fiscal year."),
    (1, "Admin account locked after failed sign-ins", "An administrator account was locked; see Locked Users."),
    (4, "New customer group: Nonprofit Partners", "Assign partner organizations to the new group."),
    (3, "Payment method Check / Money order only", "Online payment methods are disabled in Configuration."),
    (4, "Sitemap generated", "sitemap.xml was generated for the Default Store View."),
    (2, "Product import finished with errors", "See System > Import History for the error file."),
    (4, "Extension updates available", "Two installed extensions have updates."),
    (3, "Search terms report is large", "Consider deleting old search terms with no results."),
]
CUSTOM_VARIABLES: list[tuple[str, str, str]] = [  # code, name, plain value
    ("store_phone", "Store Phone", "(503) 555-0140"), ("warehouse_address", "Warehouse Address",
                                                        "1200 Eastgate Industrial Way, Port Alder, OR 97215"),
    ("support_email", "Support Email", "support@onestopmarket.com"), ("free_shipping_threshold", "Free Shipping From", "$75"),
    ("holiday_hours", "Holiday Hours", "Closed Dec 25 and Jan 1"), ("pickup_hours", "Pickup Hours", "Mon-Sat 9am-7pm"),
]
REPORT_STATISTICS: list[tuple[str, str]] = [  # code, report
    ("report_catalog_rule", "Catalog Price Rules"), ("report_coupons", "Coupons"), ("report_invoiced", "Invoiced"),
    ("report_product_viewed", "Most Viewed"), ("report_order", "Orders"), ("report_tax", "Tax"),
    ("report_refunded", "Refunded"), ("report_bestsellers", "Bestsellers"), ("report_shipping", "Shipping"),
]
IMPORT_ENTITIES = ["Products", "Customers Main File", "Customer Addresses", "Advanced Pricing", "Stock Sources"]
BULK_ACTIONS = ["Update attributes for {n} selected products", "Mass delete of {n} products",
                "Assign {n} customers to a group", "Export of {n} orders", "Update status of {n} reviews"]

# --- configuration ---------------------------------------------------------------------------------------

CONFIG_SECTIONS: dict[str, list[tuple[str, str, str]]] = {  # tab -> [(path, label, value)]
    "general": [
        ("general/store_information/name", "Store Name", "One Stop Market"),
        ("general/store_information/phone", "Store Phone Number", "(503) 555-0140"),
        ("general/store_information/hours", "Store Hours of Operation", "Mon-Sat 9am-7pm"),
        ("general/store_information/country_id", "Country", "United States"),
        ("general/store_information/region_id", "Region/State", "Oregon"),
        ("general/store_information/postcode", "ZIP/Postal Code", "97215"),
        ("general/store_information/city", "City", "Port Alder"),
        ("general/store_information/street_line1", "Street Address", "1200 Eastgate Industrial Way"),
        ("general/locale/timezone", "Timezone", "Pacific Standard Time (America/Los_Angeles)"),
        ("general/locale/code", "Locale", "English (United States)"),
        ("general/locale/weight_unit", "Weight Unit", "lbs"),
        ("general/country/default", "Default Country", "United States"),
    ],
    "catalog": [
        ("catalog/frontend/list_mode", "List Mode", "Grid (default) / List"),
        ("catalog/frontend/grid_per_page", "Products per Page on Grid Default Value", "12"),
        ("catalog/frontend/list_per_page", "Products per Page on List Default Value", "10"),
        ("catalog/frontend/default_sort_by", "Product Listing Sort by", "Position"),
        ("catalog/review/allow_guest", "Allow Guests to Write Reviews", "Yes"),
        ("catalog/seo/product_url_suffix", "Product URL Suffix", ".html"),
        ("catalog/seo/category_url_suffix", "Category URL Suffix", ".html"),
        ("catalog/search/engine", "Search Engine", "OpenSearch"),
        ("cataloginventory/item_options/notify_stock_qty", "Notify for Quantity Below", "10"),
        ("cataloginventory/options/display_product_stock_status", "Display Out of Stock Products", "No"),
    ],
    "customer": [
        ("customer/create_account/default_group", "Default Group", "General"),
        ("customer/create_account/confirm", "Require Emails Confirmation", "No"),
        ("customer/password/lockout_failures", "Maximum Login Failures to Lockout Account", "10"),
        ("customer/online_customers/online_minutes_interval", "Online Minutes Interval", "15"),
        ("newsletter/general/active", "Newsletter Enabled", "Yes"),
    ],
    "sales": [
        ("sales/general/hide_customer_ip", "Hide Customer IP", "No"),
        ("sales/minimum_order/active", "Enable Minimum Order Amount", "No"),
        ("sales/reorder/allow", "Allow Reorder", "Yes"),
        ("sales_email/order/enabled", "Send Order Email", "Yes"),
        ("carriers/flatrate/active", "Flat Rate Enabled", "Yes"),
        ("carriers/flatrate/price", "Flat Rate Price", "5.00 per item"),
        ("carriers/tablerate/active", "Best Way (Table Rates) Enabled", "Yes"),
        ("carriers/tablerate/price", "Best Way Price", "15.00 per order"),
        ("payment/checkmo/active", "Check / Money Order Enabled", "Yes"),
        ("payment/checkmo/payable_to", "Make Check Payable to", "One Stop Market LLC"),
        ("tax/calculation/based_on", "Tax Calculation Based On", "Shipping Address"),
    ],
    "advanced": [
        ("admin/security/session_lifetime", "Admin Session Lifetime (seconds)", "900"),
        ("admin/security/lockout_failures", "Maximum Login Failures to Lock Out Account", "6"),
        ("admin/dashboard/enable_charts", "Enable Charts", "Yes"),
        ("dev/js/merge_files", "Merge JavaScript Files", "No"),
        ("system/backup/functionality_enabled", "Enable Backup", "No"),
    ],
}
CONFIG_TABS = [("general", "General"), ("catalog", "Catalog"), ("customer", "Customers"), ("sales", "Sales"),
               ("advanced", "Advanced")]

# The countries Magento lists (names in English), for Country of Manufacture and the tax zones.
WORLD_COUNTRIES = tuple("""Afghanistan;Åland Islands;Albania;Algeria;American Samoa;Andorra;Angola;Anguilla;Antarctica;
Antigua & Barbuda;Argentina;Armenia;Aruba;Australia;Austria;Azerbaijan;Bahamas;Bahrain;Bangladesh;Barbados;Belarus;
Belgium;Belize;Benin;Bermuda;Bhutan;Bolivia;Bosnia & Herzegovina;Botswana;Bouvet Island;Brazil;
British Indian Ocean Territory;British Virgin Islands;Brunei;Bulgaria;Burkina Faso;Burundi;Cambodia;Cameroon;Canada;
Cape Verde;Caribbean Netherlands;Cayman Islands;Central African Republic;Chad;Chile;China;Christmas Island;
Cocos (Keeling) Islands;Colombia;Comoros;Congo - Brazzaville;Congo - Kinshasa;Cook Islands;Costa Rica;Côte d’Ivoire;
Croatia;Cuba;Curaçao;Cyprus;Czechia;Denmark;Djibouti;Dominica;Dominican Republic;Ecuador;Egypt;El Salvador;
Equatorial Guinea;Eritrea;Estonia;Eswatini;Ethiopia;Falkland Islands;Faroe Islands;Fiji;Finland;France;French Guiana;
French Polynesia;French Southern Territories;Gabon;Gambia;Georgia;Germany;Ghana;Gibraltar;Greece;Greenland;Grenada;
Guadeloupe;Guam;Guatemala;Guernsey;Guinea;Guinea-Bissau;Guyana;Haiti;Heard & McDonald Islands;Honduras;
Hong Kong SAR China;Hungary;Iceland;India;Indonesia;Iran;Iraq;Ireland;Isle of Man;Israel;Italy;Jamaica;Japan;Jersey;
Jordan;Kazakhstan;Kenya;Kiribati;Kosovo;Kuwait;Kyrgyzstan;Laos;Latvia;Lebanon;Lesotho;Liberia;Libya;Liechtenstein;
Lithuania;Luxembourg;Macao SAR China;Madagascar;Malawi;Malaysia;Maldives;Mali;Malta;Marshall Islands;Martinique;
Mauritania;Mauritius;Mayotte;Mexico;Micronesia;Moldova;Monaco;Mongolia;Montenegro;Montserrat;Morocco;Mozambique;
Myanmar (Burma);Namibia;Nauru;Nepal;Netherlands;New Caledonia;New Zealand;Nicaragua;Niger;Nigeria;Niue;
Norfolk Island;North Korea;North Macedonia;Northern Mariana Islands;Norway;Oman;Pakistan;Palau;
Palestinian Territories;Panama;Papua New Guinea;Paraguay;Peru;Philippines;Pitcairn Islands;Poland;Portugal;
Puerto Rico;Qatar;Réunion;Romania;Russia;Rwanda;Samoa;San Marino;São Tomé & Príncipe;Saudi Arabia;Senegal;Serbia;
Seychelles;Sierra Leone;Singapore;Sint Maarten;Slovakia;Slovenia;Solomon Islands;Somalia;South Africa;
South Georgia & South Sandwich Islands;South Korea;Spain;Sri Lanka;St. Barthélemy;St. Helena;St. Kitts & Nevis;
St. Lucia;St. Martin;St. Pierre & Miquelon;St. Vincent & Grenadines;Sudan;Suriname;Svalbard & Jan Mayen;Sweden;
Switzerland;Syria;Taiwan;Tajikistan;Tanzania;Thailand;Timor-Leste;Togo;Tokelau;Tonga;Trinidad & Tobago;Tunisia;
Turkey;Turkmenistan;Turks & Caicos Islands;Tuvalu;U.S. Outlying Islands;U.S. Virgin Islands;Uganda;Ukraine;
United Arab Emirates;United Kingdom;United States;Uruguay;Uzbekistan;Vanuatu;Vatican City;Venezuela;Vietnam;
Wallis & Futuna;Western Sahara;Yemen;Zambia;Zimbabwe""".replace("\n", "").split(";"))
