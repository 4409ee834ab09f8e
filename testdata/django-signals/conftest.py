from blog.models import Article


def article():
    return Article.objects.create(title="fixture")
