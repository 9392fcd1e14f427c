# Слова самого движка (русский перевод runtime/locales/en.ftl): то, что говорит
# любая игра, какой бы ни была её пачка. Id и { $переменные } те же, что в en.ftl.

## ответы, которые движок добавляет к решениям
engine-pass = пропустить
engine-done = готово
engine-yes = да
engine-no = нет

## вопросы решений, для которых правила не дают своего
engine-prompt-act = Выберите действие
engine-prompt-choose = Выберите
engine-prompt-pick = Выберите
engine-prompt-amount = Выберите число
engine-prompt-order = Расставьте по порядку
engine-prompt-may = Сделать это?

## значения словами
engine-none = нет
engine-hidden = скрыто
engine-empty = пусто
engine-hidden-count = скрыто: { $count }
engine-a-piece = предмет
engine-seat = место { $seat }
engine-zone-of = { $zone } ({ $player })
engine-list-sep = {", "}
engine-stopped = (остановлено: { $message })
engine-requirement = условие не выполнено
engine-cannot-pay = нельзя заплатить { $amount } { $counter } (есть { $has })

## терминал (`waybill play`)
play-your-choice = ваш выбор
play-the-table = Стол
play-game-over = Игра окончена.
play-winner = Победитель: { $player }
play-nothing-said = пока ничего не сказано
