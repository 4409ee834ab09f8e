from django.contrib.auth.models import AbstractUser
from django.db import models


class Tag(models.Model):
    name = models.CharField(max_length=20)


class Article(models.Model):
    title = models.CharField(max_length=100)
    tags = models.ManyToManyField(Tag)

    def publish(self):  # @def(publish, "publish")
        self.save()  # @site(publishSave, "save") @sends(publish, articleSaved, "post_save", publishSave)


class Comment(models.Model):
    body = models.TextField()


class Author(AbstractUser):
    """The project's user model (AUTH_USER_MODEL): a model through its base."""

    bio = models.TextField()


class Draft:
    """Not a model: its save() sends no signal."""

    def save(self):  # @def(draftSave, "save")
        pass
