module example.com/fieldlit

go 1.22
