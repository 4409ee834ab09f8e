from .models import Article, Author, Comment, Draft, Tag
from .receivers import article_saved
from .signals import article_published


def create_article(title):  # @def(createArticle, "create_article")
    # Three post_save senders: summarized on article_saved, not listed as callers.
    article = Article.objects.create(title=title)  # @site(createArticleCreate, "create")
    Article.objects.get_or_create(title=title)  # @site(createArticleGet, "get_or_create")
    Article.objects.update_or_create(title=title)  # @site(createArticleUpdate, "update_or_create") @sends(createArticle, articleSaved, "post_save", createArticleCreate, createArticleGet, createArticleUpdate)
    return article


def edit(article: Article, tag: Tag):  # @def(edit, "edit")
    article.title = "edited"
    article.save()  # @site(editSave, "save") @sends(edit, anySaved, "post_save", editSave)
    article.tags.add(tag)  # @site(editAdd, "add") @sends(edit, tagsChanged, "m2m_changed", editAdd, editRemove, editClear)
    article.tags.remove(tag)  # @site(editRemove, "remove")
    article.tags.clear()  # @site(editClear, "clear")
    article_published.send(sender=Article, article=article)  # @site(publishedSend, "send") @event(edit, onPublished, "article_published", publishedSend)


def announce(article: Article):  # @def(announce, "announce")
    article_published.send_robust(sender=Article, article=article)  # @site(robustSend, "send_robust") @event(announce, onPublished, "article_published", robustSend)


def add_comment(body: str) -> Comment:  # @def(addComment, "add_comment")
    comment = Comment.objects.create(body=body)
    comment.body = body.strip()
    comment.save()
    # bulk_create writes rows without save(): Django sends no post_save.
    Tag.objects.bulk_create([Tag(name=body)])
    return comment


def purge(article: Article):  # @def(purge, "purge")
    article.delete()
    Article.objects.filter(title="old").delete()


def keep_draft():  # @def(keepDraft, "keep_draft")
    draft = Draft()
    draft.save()  # @site(draftSaveCall, "save") @call(keepDraft, draftSave, draftSaveCall)


def resync(article: Article):  # @def(resync, "resync")
    article_saved(Article, article, False)  # @site(resyncCall, "article_saved") @call(resync, articleSaved, resyncCall)


def rename(author: Author, name: str):  # @def(rename, "rename")
    author.first_name = name
    author.save()
