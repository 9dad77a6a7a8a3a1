"""The accounts MAG logs in with on live deployments: WebArena's own (`browser_env/env_config.py`
`ACCOUNTS`, the ones its `auto_login.py` uses), each overridable by the environment:
`MAG_<SITE>_USERNAME` / `MAG_<SITE>_PASSWORD` (e.g. `MAG_SHOPPING_ADMIN_PASSWORD`)."""

from __future__ import annotations

import os
from collections.abc import Mapping

from pydantic import BaseModel, ConfigDict

WEBARENA_ACCOUNTS: dict[str, tuple[str, str]] = {
    "shopping": ("emma.lopez@gmail.com", "Password.123"),
    "shopping_admin": ("admin", "admin1234"),
    "reddit": ("MarvelsGrantMan136", "test1234"),
    "gitlab": ("byteblaze", "hello1234"),
}


class Account(BaseModel):
    model_config = ConfigDict(frozen=True)

    site: str
    username: str
    password: str
    source: str  # "webarena" or the environment variables that set it


def env_names(site: str) -> tuple[str, str]:
    prefix = f"MAG_{site.upper()}"
    return f"{prefix}_USERNAME", f"{prefix}_PASSWORD"


def account_for(site: str, environ: Mapping[str, str] | None = None) -> Account:
    """The account for `site` (one of `WEBARENA_ACCOUNTS`), the environment's where it sets one."""
    env = os.environ if environ is None else environ
    if site not in WEBARENA_ACCOUNTS:
        raise KeyError(f"no log-in for site {site!r}; sites with one: {', '.join(WEBARENA_ACCOUNTS)}")
    user, password = WEBARENA_ACCOUNTS[site]
    user_var, pass_var = env_names(site)
    overridden = [v for v in (user_var, pass_var) if env.get(v)]
    return Account(site=site, username=env.get(user_var) or user, password=env.get(pass_var) or password,
                   source=" and ".join(overridden) if overridden else "webarena")
