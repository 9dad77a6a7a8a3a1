"""The reports' "Export to" control: a report's rows as CSV or as an Excel XML (SpreadsheetML)
workbook, downloaded as a file (the report's own form values pick the rows)."""

from __future__ import annotations

import csv
import io
from collections.abc import Mapping, Sequence
from typing import Any
from xml.sax.saxutils import escape

from starlette.responses import Response

EXPORT_FORMATS = (("csv", "CSV"), ("xml", "Excel XML"))


def _table(columns: Sequence[tuple[str, str]], rows: Sequence[Mapping[str, Any]],
           totals: Mapping[str, Any]) -> list[list[Any]]:
    out: list[list[Any]] = [[label for _, label in columns]]
    out += [[r.get(key, "") for key, _ in columns] for r in rows]
    if rows and totals:
        out.append(["Total", *[totals.get(key, "") for key, _ in columns[1:]]])
    return out


def export_report(fmt: str, name: str, columns: Sequence[tuple[str, str]], rows: Sequence[Mapping[str, Any]],
                  totals: Mapping[str, Any]) -> Response:
    """The report as a download: `fmt` "csv" or "xml" (Excel XML)."""
    table = _table(columns, rows, totals)
    if fmt == "csv":
        buf = io.StringIO()
        csv.writer(buf).writerows(table)
        body, media, ext = buf.getvalue(), "text/csv", "csv"
    else:
        cells = "".join(
            "<Row>" + "".join(
                f'<Cell><Data ss:Type="{"Number" if isinstance(v, (int, float)) else "String"}">{escape(str(v))}</Data></Cell>'
                for v in row) + "</Row>" for row in table)
        body = ('<?xml version="1.0"?>\n<Workbook xmlns="urn:schemas-microsoft-com:office:spreadsheet"'
                ' xmlns:ss="urn:schemas-microsoft-com:office:spreadsheet">'
                f'<Worksheet ss:Name="{escape(name)}"><Table>{cells}</Table></Worksheet></Workbook>')
        media, ext = "application/vnd.ms-excel", "xml"
    return Response(body, media_type=media, headers={"Content-Disposition": f'attachment; filename="{name}.{ext}"'})
