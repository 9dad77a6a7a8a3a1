"""Source of `tasks/data/reddit.json`: forum (Postmill) tasks from intent
templates, each with gold trajectories in both groundings. Run
`python -m mag_mcp.tasks.authoring.reddit_tasks` to regenerate the JSON;
`mag tasks verify --site reddit` replays every trajectory.

Facts (authors, scores, comment counts, the newest post of a forum, which
comment comes first under a post, the forum dropdown's order) are read from the
forum itself: the seed database (the cached one, with its content database
attached) and the real pages of a fresh copy of it, so the tasks can't drift from
the site. Guides name what a person sees, never mark ids or pixels, and their
phrasing varies between instances. Instances are chosen so that what a step
clicks is in the first screenful of its page (the list of forums shows its first
eighteen rows, a post its first comment).
"""

from __future__ import annotations

from typing import Any

from mag_mcp.tasks.authoring.common import (
    Design,
    TaskBook,
    chain,
    field,
    negative,
    pick,
    role,
    s,
    same,
    state_eval,
    string_eval,
    unchanged,
    url_eval,
    url_negative,
    write_task_file,
)
from mag_mcp.tasks.authoring.reddit_parts import (
    AUTH,
    NEW_POSTS,
    SITE,
    Post,
    answer_design,
    bio_part,
    facts,
    forum_distractors,
    forums_page,
    new_post_part,
    open_post,
    result_distractors,
    search_part,
)

# Templates whose tasks train; the rest are test (about 70/30 by template).
TRAIN_TEMPLATES = {9101, 9102, 9104, 9106, 9107, 9108, 9110, 9112, 9113}

# ------------------------------------------------------------ templates

def build() -> list[dict[str, Any]]:
    f = facts()
    book = TaskBook(SITE, "reddit", TRAIN_TEMPLATES, "__REDDIT__", AUTH)
    tasks, add = book.tasks, book.add

    posts = f.searchable_posts(40, offset=30)
    seed_posts, seed_comments = f.max_id("submissions"), f.max_id("comments")
    new_post_guards = (
        unchanged("submissions", "id > ?", seed_posts, note="no earlier post changed"),
        unchanged("submission_votes", "submission_id > ?", seed_posts, note="no vote but the new post's own"),
        unchanged("subscriptions", note="no forum subscribed or left"),
    )
    bio_guard = unchanged("users", "id = 1", note="no other user changed")
    groups = [posts[i::8] for i in range(8)]  # disjoint sets of posts per template

    # 9101 author (information)
    for n, p in enumerate(groups[0][:4], 1):
        key = f"author{n}"
        below = f.next_results(p)
        fc = f.first_comment(p)
        near = {f"the author of “{q.title}”, below it in the results": q.author for q in below}
        if fc:
            near["the first commenter on the post"] = fc[1]
        add(9101, n, "author", "Who submitted the post titled \"{title}\"?", {"title": p.title}, "information", chain(
            search_part(key, p.title),
            same(s("stop", pick(key, [f"Read the name after “Submitted by” under the title: {p.author}.",
                                      f"The line under the result says it was submitted by {p.author}."]),
                   value=p.author)),
        ), string_eval(exact_match=p.author),
            design=answer_design(p.author, near, distractors=result_distractors(below)))

    # 9102 score (information)
    for n, p in enumerate(groups[1][:4], 1):
        key = f"score{n}"
        below = f.next_results(p)
        fc = f.first_comment(p)
        near = {f"“{q.title}”, below it in the results": str(q.net_score) for q in below}
        if fc:
            near["the first comment under the post"] = str(f.row("comments", fc[0])["net_score"])
        ups = negative(str(f.row("submissions", p.id)["upvotes"]), "the post's upvotes, not its net score")
        add(9102, n, "score", "What is the current score of the post \"{title}\"?", {"title": p.title}, "information",
            chain(open_post(key, p), same(s("stop", pick(key, [
                f"Read the number between the up and down arrows next to the title: {p.net_score}.",
                f"The score shown beside the voting arrows is {p.net_score}.",
            ]), value=str(p.net_score)))), string_eval(exact_match=str(p.net_score)),
            design=answer_design(str(p.net_score), near, ups, distractors=result_distractors(below)))

    # 9103 comment count (information)
    for n, p in enumerate(groups[2][:4], 1):
        key = f"ncomments{n}"
        below = f.next_results(p)
        near = {f"“{q.title}”, below it in the results": str(q.comment_count) for q in below}
        roots = negative(str(f.top_level(p)), "the top-level comments only, without the replies")
        add(9103, n, "comment-count", "How many comments does the post \"{title}\" have?", {"title": p.title},
            "information", chain(search_part(key, p.title), same(s("stop", pick(key, [
                f"Read the comments link under the result: {p.comment_count}.",
                f"Under the title the link says {p.comment_count} comment{'' if p.comment_count == 1 else 's'}.",
            ]), value=str(p.comment_count)))), string_eval(must_include=[str(p.comment_count)]),
            design=answer_design(str(p.comment_count), near, roots, distractors=result_distractors(below)))

    # 9104 newest post of a forum (information)
    for n, forum in enumerate(["Art", "AskReddit", "boardgames", "books"], 1):
        key = f"newest{n}"
        p = f.newest_in(forum)
        near = {"the second-newest post": f.newest_two(forum)[1],
                "the first post of the forum's default listing": f.first_listed(forum)}
        add(9104, n, "newest", "What is the title of the newest post in the {forum} forum?", {"forum": forum},
            "information", chain(forums_page(key), same(
                s("click", pick(key, [f"Click “{forum}” in the list of forums.",
                                      f"Open the “{forum}” forum from the table."]), role("link", forum)),
                s("click", "Click the “New” tab above the posts.", role("link", "New")),
                s("stop", f"The first post is the newest: “{p.title}”.", value=p.title),
            )), string_eval(exact_match=p.title),
            design=answer_design(p.title, near, distractors=forum_distractors(f, forum)))

    # 9105 forum sorted by top of a period (navigation)
    periods = [("year", "Past year"), ("month", "Past month"), ("week", "Past week"), ("year", "Past year")]
    other_period = {"year": "month", "month": "week", "week": "month"}
    listed = f.forums()
    for n, (forum, (t, label)) in enumerate(zip(["cars", "Art", "books", "boardgames"], periods, strict=True), 1):
        key = f"top{n}"
        next_forum = listed[listed.index(forum) + 1]
        add(9105, n, "top", "Show me the top posts of the {period} in the {forum} forum.",
            {"period": label.lower(), "forum": forum}, "navigation", chain(
                forums_page(key), same(
                    s("click", pick(key, [f"Click “{forum}” in the list of forums.",
                                          f"Open the forum “{forum}” from the table."]), role("link", forum)),
                    s("click", "Click the “Top” tab to sort by score.", role("link", "Top")),
                    s("click", f"Click “{label}” in the row of time periods.", role("link", label)),
                    s("stop", f"The {forum} forum now shows its top posts of the {label.lower()}."),
                )), url_eval(f"__REDDIT__/f/{forum}/top?t={t}"), design=Design(negatives=[
                    url_negative(f"__REDDIT__/f/{forum}/top?t={other_period[t]}", "another time period"),
                    url_negative(f"__REDDIT__/f/{forum}/top", "top of all time, no period chosen"),
                    url_negative(f"__REDDIT__/f/{next_forum}/top?t={t}",
                                 f"near entity ({next_forum}, the next row of the list of forums)"),
                ], distractors=forum_distractors(f, forum)))

    # 9106 a user's page (navigation)
    for n, p in enumerate(groups[3][:4], 1):
        key = f"user{n}"
        below = [q for q in f.next_results(p) if q.author != p.author][:1]
        slug = f.row("submissions", p.id)["slug"]
        add(9106, n, "user-page", "Open the profile page of the person who posted \"{title}\".", {"title": p.title},
            "navigation", chain(search_part(key, p.title), same(
                s("click", pick(key, [f"Click the author's name, “{p.author}”, after “Submitted by”.",
                                      f"Under the result, click “{p.author}” to open their page."]),
                  role("link", p.author)),
                s("stop", f"This is {p.author}'s profile page."),
            )), url_eval(f"__REDDIT__/user/{p.author}"), design=Design(negatives=[
                *[url_negative(f"__REDDIT__/user/{q.author}", f"near entity (the author of “{q.title}”, below it)")
                  for q in below],
                url_negative(f"__REDDIT__/f/{p.forum}/{p.id}/{slug}", "the post, not its author's page"),
            ], distractors=result_distractors(below)))

    # 9107 vote on a post (state)
    for n, (p, up) in enumerate(zip(groups[4][:4], [True, False, True, False], strict=True), 1):
        key = f"vote{n}"
        word = "Upvote" if up else "Downvote"
        add(9107, n, "vote", "{vote} the post \"{title}\".", {"vote": word, "title": p.title}, "state_change", chain(
            open_post(key, p), same(
                s("click", pick(key, [f"Click the {'up' if up else 'down'} arrow to the left of the title.",
                                      f"{word} the post with the arrow {'above' if up else 'below'} its score."]),
                  role("button", f"{word} {p.title}")),
                s("stop", f"The post is now {word.lower()}d."),
            )), state_eval(SITE, {
                "sql": "SELECT choice FROM submission_votes WHERE user_id = 1 AND submission_id = ?",
                "params": [p.id], "expected": [[1 if up else -1]],
            }, guards=(
                unchanged("submission_votes", "submission_id = ? AND user_id = 1", p.id, note="no other post voted"),
                unchanged("submissions", "id = ?", p.id, note="only this post's score moved"),
                unchanged("withdrawn_votes", "kind = 'submission' AND target_id = ? AND user_id = 1", p.id,
                          note="no other vote withdrawn"),
                unchanged("comment_votes", note="no comment voted"),
            )), design=Design(distractors=result_distractors(f.next_results(p))))

    # 9108 subscribe (state)
    subs = set(f.subscribed())
    for n, forum in enumerate([x for x in ["Art", "boardgames", "cars", "Baking"] if x not in subs], 1):
        key = f"sub{n}"
        add(9108, n, "subscribe", "Subscribe to the {forum} forum.", {"forum": forum}, "state_change", chain(
            forums_page(key), same(
                s("click", pick(key, [f"Click “Subscribe” in the row of “{forum}”.",
                                      f"Press the “Subscribe” button at the end of the “{forum}” row."]),
                  role("button", f"Subscribe to {forum}")),
                s("stop", f"You are now subscribed to {forum}."),
            )), state_eval(SITE, {
                "sql": "SELECT f.name FROM subscriptions x JOIN forums f ON f.id = x.forum_id WHERE x.user_id = 1 "
                       "ORDER BY f.name COLLATE NOCASE",
                "expected": [[x] for x in sorted(subs | {forum}, key=str.lower)],
            }, guards=(unchanged("subscriptions", "user_id = 1 AND forum_id = ?", f.forum_id(forum),
                                 note="no other subscription changed"),)),
            design=Design(distractors=forum_distractors(f, forum)))

    def comment_guards(p: Post) -> tuple[dict[str, Any], ...]:
        return (unchanged("comments", "id > ?", seed_comments, note="no earlier comment changed"),
                unchanged("comment_votes", "comment_id > ?", seed_comments, note="no vote but the new comment's own"),
                unchanged("submissions", "id = ?", p.id, note="only this post's comment count moved"),
                unchanged("submission_votes", note="no post voted"))

    # 9109 comment on a post (state)
    replies = ["Thanks for sharing this!", "Great point, I agree.", "Interesting, I had not heard of this.",
               "Bookmarking this for later."]
    for n, (p, text) in enumerate(zip(groups[5][:4], replies, strict=True), 1):
        key = f"comment{n}"
        add(9109, n, "comment", "Post a comment saying \"{text}\" on the post \"{title}\".",
            {"text": text, "title": p.title}, "state_change", chain(
                open_post(key, p),
                field("Comment", text, pick(key, [f"Type “{text}” into the “Comment” box below the post.",
                                                  f"Write “{text}” in the comment box."]), clear=False),
                same(s("click", "Click “Post” under the comment box.", role("button", "Post")),
                     s("stop", "Your comment now appears under the post.")),
            ), state_eval(SITE, {
                "sql": "SELECT submission_id, parent_id, body FROM comments WHERE user_id = 1 AND "
                       "id > (SELECT MAX(id) FROM comments WHERE user_id != 1)",
                "expected": [[p.id, None, text]],
            }, guards=comment_guards(p)), design=Design(distractors=result_distractors(f.next_results(p))))

    # 9110 new post (state)
    options = f.forum_options()
    new_posts = [("DIY", "Best glue for wood repairs?", "Looking for a glue that holds up outdoors."),
                 ("food", "Favorite soup for cold days", "Mine is a simple lentil soup."),
                 ("news", "Local library extends opening hours", "Open until 9pm on weekdays from next month."),
                 ("history", "Old photos of the harbor", "Does anyone have pictures from the 1950s?"),
                 ("worldnews", "Summary of this week's headlines", "A short roundup for anyone who missed them.")]
    for n, (forum, title, body) in enumerate(new_posts, 1):
        key = f"newpost{n}"
        add(9110, n, "new-post", "Create a post in the {forum} forum titled \"{title}\" with the text \"{body}\".",
            {"forum": forum, "title": title, "body": body}, "state_change", chain(
                new_post_part(key, forum, title, body, options),
                same(s("stop", "The new post is created and shown.")),
            ), state_eval(SITE, {
                "sql": f"SELECT f.name, s.title, s.body, s.url FROM submissions s JOIN forums f ON f.id = s.forum_id "
                       f"WHERE {NEW_POSTS}",
                "expected": [[forum, title, body, None]],
            }, guards=new_post_guards), design=Design(distractors=forum_distractors(f, forum)))

    # 9111 biography (state)
    bios = ["Coffee lover and weekend hiker.", "Lifelong reader of science fiction.", "Amateur photographer from Port Alder."]
    for n, bio in enumerate(bios, 1):
        key = f"bio{n}"
        add(9111, n, "bio", "Set my biography to \"{bio}\".", {"bio": bio}, "state_change", chain(
            bio_part(key, bio), same(s("stop", "Your profile now shows the new biography.")),
        ), state_eval(SITE, {"sql": "SELECT biography FROM users WHERE id = 1", "expected": [[bio]]},
                      guards=(bio_guard,)))

    # 9112 reply to a comment (state)
    reply_texts = ["I see it the same way.", "Could you explain a bit more?", "Good to know, thanks.",
                   "Ha, that made me laugh."]
    # Title-only posts whose first comment is short: its "Reply" link is in the first screenful.
    with_comments = [p for p in f.searchable_posts(40, "s.comment_count BETWEEN 1 AND 40 AND s.body_in_content = 0"
                                                   " AND s.url IS NULL AND s.locked = 0", offset=60)
                     if (fc := f.first_comment(p)) and len(fc[2]) < 120]
    for n, (p, text) in enumerate(zip(with_comments[:4], reply_texts, strict=True), 1):
        key = f"reply{n}"
        cid, who, _body = f.first_comment(p)  # type: ignore[misc]
        add(9112, n, "reply", "Reply \"{text}\" to the first comment, by {who}, on the post \"{title}\".",
            {"text": text, "who": who, "title": p.title}, "state_change", chain(
                open_post(key, p),
                same(s("click", pick(key, [f"Under the first comment, by {who}, click “Reply”.",
                                           f"Click the “Reply” link of {who}'s comment."]),
                       role("link", f"Reply to comment {cid} by {who}"))),
                field("Comment", text, f"Type “{text}” into the reply box.", clear=False),
                same(s("click", "Click “Post” under the reply box.", role("button", "Post")),
                     s("stop", "Your reply now appears under the comment.")),
            ), state_eval(SITE, {
                "sql": "SELECT submission_id, parent_id, body FROM comments WHERE user_id = 1 AND "
                       "id > (SELECT MAX(id) FROM comments WHERE user_id != 1)",
                "expected": [[p.id, cid, text]],
            }, guards=comment_guards(p)), design=Design(distractors=result_distractors(f.next_results(p))))

    # 9113 biography and a new post (state, long)
    combos = [("Coffee lover and weekend hiker.", new_posts[1]), ("Lifelong reader of science fiction.", new_posts[0]),
              ("Amateur photographer from Port Alder.", new_posts[3]), ("Commuter on Route 4.", new_posts[2]),
              ("Board game collector.", new_posts[4])]
    for n, (bio, (forum, title, body)) in enumerate(combos, 1):
        key = f"bionew{n}"
        add(9113, n, "bio-and-post", "Set my biography to \"{bio}\", then post \"{title}\" in the {forum} forum "
            "with the text \"{body}\".", {"bio": bio, "title": title, "forum": forum, "body": body}, "state_change",
            chain(bio_part(key, bio), new_post_part(key, forum, title, body, options),
                  same(s("stop", "Both are done: the biography is saved and the post is created."))),
            state_eval(SITE, {"sql": "SELECT biography FROM users WHERE id = 1", "expected": [[bio]]}, {
                "sql": f"SELECT f.name, s.title, s.body FROM submissions s JOIN forums f ON f.id = s.forum_id "
                       f"WHERE {NEW_POSTS}",
                "expected": [[forum, title, body]],
            }, guards=(bio_guard, *new_post_guards)), design=Design(distractors=forum_distractors(f, forum)))
    return tasks


def main() -> None:
    write_task_file("reddit", build)


if __name__ == "__main__":
    main()
