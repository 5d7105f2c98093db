import NoticeHub
