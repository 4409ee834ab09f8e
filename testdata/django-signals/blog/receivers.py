from django.apps import apps
from django.conf import settings
from django.core.signals import request_started
from django.db.models.signals import m2m_changed, post_migrate, post_save, pre_delete
from django.dispatch import receiver

from .models import Article, Comment
from .signals import article_published


# Saves of Article: models.py 1, services.py 4, tests 5 (tests/ 3,
# test_views.py 1, conftest.py 1).
@receiver(post_save, sender=Article)  # @implicit(articleSaved, "post_save", "Article", 10, 5)
def article_saved(sender, instance, created, **kwargs):  # @def(articleSaved, "article_saved")
    pass


# The sender as an app label and a model name.
@receiver(post_save, sender="blog.Comment")  # @implicit(commentSaved, "post_save", "Comment", 3, 2)
def comment_saved(sender, instance, **kwargs):  # @def(commentSaved, "comment_saved")
    pass


# The sender through the app registry; delete() of an instance and of a
# queryset both send pre_delete.
@receiver(pre_delete, sender=apps.get_model("blog", "Article"))  # @implicit(articleDeleting, "pre_delete", "Article", 3, 2)
def article_deleting(sender, instance, **kwargs):  # @def(articleDeleting, "article_deleting")
    pass


# No sender: every model's save, Article's, Comment's and Author's.
@receiver(post_save)  # @implicit(anySaved, "post_save", "any model", 15, 8)
def any_saved(sender, instance, **kwargs):  # @def(anySaved, "any_saved")
    pass


@receiver(m2m_changed, sender=Article.tags.through)  # @implicit(tagsChanged, "m2m_changed", "Article.tags.through", 4, 3)
def tags_changed(sender, instance, action, **kwargs):  # @def(tagsChanged, "tags_changed")
    pass


# The user model, as the settings name it.
@receiver(post_save, sender=settings.AUTH_USER_MODEL)  # @implicit(authorSaved, "post_save", "Author", 2, 1)
def author_saved(sender, instance, **kwargs):  # @def(authorSaved, "author_saved")
    pass


@receiver(article_published)
def on_published(sender, article, **kwargs):  # @def(onPublished, "on_published")
    pass


# Sent by Django for each request: no code caller.
@receiver(request_started)
def on_request(sender, **kwargs):  # @def(onRequest, "on_request") @callers(onRequest)
    pass


# Sent by Django after migrate: no code caller.
@receiver(post_migrate)
def seed_tags(sender, **kwargs):  # @def(seedTags, "seed_tags") @callers(seedTags) @entry(seedTags, "receives post_migrate after")
    pass


def audit_comment(sender, instance, **kwargs):  # @def(auditComment, "audit_comment")
    pass


def connect_audit():  # @def(connectAudit, "connect_audit")
    post_save.connect(audit_comment, sender=Comment)  # @site(auditConnect, "connect") @registered(connectAudit, auditComment, "post_save.connect()", auditConnect) @implicit(auditComment, "post_save", "Comment", 3, 2)
