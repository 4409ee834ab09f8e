from blog.models import Article


def test_view():
    Article(title="v").save()
