"""One MAG episode from a plain MCP client (fastmcp), against `make serve`.

    pip install "fastmcp-slim[client]"
    python examples/fastmcp_episode.py [http://127.0.0.1:8000/mcp]

The agent here is scripted: it finds its targets by name in the observation's
marks, where a model would read the screenshot and the marks list. Every step
carries a guide sentence for a person, as MAG asks.
"""

from __future__ import annotations

import asyncio
import json
import sys
from typing import Any

from fastmcp import Client

URL = "http://127.0.0.1:8000/mcp"
TASK = "shopping-price-1"  # What is the price of the Lodge 10.25 Inch Cast Iron Skillet, Pre-Seasoned?


def mark(observation: dict[str, Any], role: str, name: str) -> int:
    """The id of the first mark with this role and accessible name."""
    return next(m["id"] for m in observation["marks"] if m["role"] == role and m["name"] == name)


async def main(url: str = URL) -> dict[str, Any]:
    """Play the task in the Set-of-Mark grounding; return the outcome the server scored."""
    async with Client(url, timeout=120) as client:
        # what a client discovers: the agent prompt, the task list, the tools
        prompt = await client.get_prompt("mag_agent", {"grounding": "som", "task_id": TASK})
        tasks = json.loads((await client.read_resource("mag://tasks"))[0].text)
        print(f"{tasks['count']} tasks; the prompt has {len(prompt.messages[0].content.text)} characters")

        first = await client.call_tool("reset", {"task_id": TASK, "grounding": "som"})
        obs = first.structured_content["observation"]
        episode = obs["episode_id"]
        print(obs["intent"])

        step = await client.call_tool("type_text", {
            "episode_id": episode, "mark": mark(obs, "textbox", "Search"),
            "text": "lodge 10.25 inch cast", "press_enter": True,
            "guide": "In the search field at the top, enter “lodge 10.25 inch cast” and press Enter.",
        })
        obs = step.structured_content["observation"]
        step = await client.call_tool("click", {
            "episode_id": episode, "mark": mark(obs, "link", "Lodge 10.25 Inch Cast Iron Skillet, Pre-Seasoned"),
            "guide": "Click “Lodge 10.25 Inch Cast Iron Skillet, Pre-Seasoned” in the search results.",
        })
        print(step.content[-1].text.splitlines()[2])  # the text block: episode, task, URL, tabs, marks, ...

        outcome = await client.call_tool("stop", {
            "episode_id": episode, "answer": "$19.90",
            "guide": "The price, in large type below the title, is $19.90.",
        })
        result: dict[str, Any] = outcome.structured_content
        print(f"success={result['success']} score={result['score']} steps={result['steps']}")
        return result


if __name__ == "__main__":
    asyncio.run(main(sys.argv[1] if len(sys.argv) > 1 else URL))
