module example.com/unread

go 1.22

require example.com/madmin-go/v3 v3.0.0
