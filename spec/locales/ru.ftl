# Слова самого движка (русский перевод spec/locales/en.ftl): то, что говорит
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
engine-player = Игрок { $number }
engine-seat-name = Место { $seat }
engine-times = { $name } ×{ $count }
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
play-winners = Победители: { $players }
play-team-won = Команда победила.
play-team-lost = Команда проиграла.
play-nothing-said = пока ничего не сказано

## Сводка `waybill sim`
sim-title = { $pack }{ $variants ->
        [none] {""}
       *[other] {" + "}{ $variants }
    }: партий — { $games }, игроков — { $players }, бот { $bot }
sim-measure = показатель
sim-value = значение
sim-games = партий
sim-finished = закончено
sim-capped = остановлено ограничением
sim-errors = ошибок
sim-mean-rounds = раундов в среднем
sim-mean-actions = действий в среднем
sim-wins = победы
sim-replay-mismatches = расхождений при повторе
sim-capped-first = { $capped } из { $games } партий остановлены защитным ограничением и не засчитаны
sim-bots = боты (первая партия)
sim-rotated = {" "}(меняются местами от партии к партии)
sim-wins-by-bot = победы по ботам
sim-invariant-violations = нарушений инвариантов
sim-team-won = команда победила
sim-team-score = общий счёт (среднее, мин..макс)
sim-team-scores = общие счета (счёт: партий)
sim-wins-by-side = победы сторон
sim-shared-wins = разделённые победы (ничьи)
sim-limit-ended = окончены собственным пределом правил
play-bots = Боты: { $bots }
play-bot-of = { $seat } — бот { $bot }
play-earlier = … ещё { $count ->
    [one] { $count } строка
    [few] { $count } строки
   *[other] { $count } строк
} выше: введите `log`
