import MemoQuizKit
print(1)
