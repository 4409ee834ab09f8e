from blog.models import Article, Author, Comment


def test_save():
    article = Article(title="t")
    article.save()
    article.save()
    Article.objects.create(title="u")
    article.tags.set([])
    article.delete()


def test_comment():
    Comment.objects.create(body="b")


def test_author():
    Author.objects.create(username="a")
