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
engine-secret-pick = делает скрытый выбор
engine-secret-order = скрыто расставляет по порядку
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
play-bot-of = { $seat } — { $bot }
play-earlier = … ещё { $count ->
    [one] { $count } строка
    [few] { $count } строки
   *[other] { $count } строк
} выше: введите «{ $log }»

## команды терминала (их можно вводить по-английски или на языке экрана) и справка
play-cmd-help = помощь
play-cmd-log = журнал
play-cmd-card = карта
play-cmd-save = сохранить
play-cmd-load = загрузить
play-cmd-quit = выход
play-arg-file = ФАЙЛ
play-arg-name = НАЗВАНИЕ
play-help-intro = Отвечайте номером варианта. Другие команды:
play-help-help = эта справка
play-help-log = всё, что было сказано за столом
play-help-card = текст и поля карты (любой карты игры)
play-help-save = сохранить партию в { $file }
play-help-load = загрузить партию, сохранённую командой «{ $save }»
play-help-quit = выйти из игры

## ответы терминала на введённое
play-choose-number = выберите число от 1 до { $count } (или «{ $help }»)
play-not-a-command = «{ $line }» — не команда: введите число от 1 до { $count } или «{ $help }»
play-did-not-work = не получилось: { $reason } — выберите снова
play-stopped = игра остановлена: { $reason }
play-left = Вы вышли из игры.
play-has-chosen = { $seat }: выбор сделан.
play-which-card = какая карта? «{ $card } { $name }»
play-no-card = нет карты «{ $name }»
play-no-card-close = нет карты «{ $name }»; может быть, { $names }?
play-more-cards = … и ещё { $count }
play-save-where = куда сохранить? «{ $save } { $file }»
play-cannot-save = не удалось сохранить в { $path }: { $reason }
play-saved = сохранено в { $path }
play-load-what = что загрузить? «{ $load } { $file }»
play-cannot-read = не удалось прочитать { $path }: { $reason }
play-not-json = { $path } — не сохранённая партия (файл другого формата)
play-not-a-save = { $path }: это не партия, сохранённая командой «{ $save } { $file }»
play-other-pack = { $path }: это партия другой игры ({ $found }), а не { $want }
play-not-these-rules = { $path } — не партия по этим правилам: { $reason }
play-loaded = загружено из { $path }: решение { $decision }
play-score = {" — "}{ $score }

## боты так, как их читают люди
play-bot-random = случайный бот
play-bot-search = бот-перебор
play-bot-own = бот этой игры

## веб-страница (`waybill serve`): переменные приходят текстом
page-title = Путевой лист
page-new-game = Новая партия против ботов
page-game = Игра
page-players = Игроки
page-your-seat = Ваше место
page-seed = Зерно
page-seed-random = случайное
page-variants = Варианты
page-start = Начать
page-you = Вы
page-log = Журнал
page-board = Поле
page-watching = Вы наблюдаете.
page-spectator = зритель
page-game-over = Игра окончена.
page-game-over-winner = Игра окончена: побеждает { $player }.
page-round = Раунд { $round }
page-setting-up = Подготовка
page-status = { $when }. Вы — { $player }.
page-new-game-link = Новая партия
page-waiting-for = Ждём: { $player }…
page-waiting = Ждём…
page-your-choice = Ваш выбор
page-wins = Побеждает { $player }.
page-over = Игра окончена.
page-option = вариант { $number }
page-face-down = рубашкой вверх
page-you-mark = { $name } (вы)
page-bot-mark = { $name } (бот)
page-holds = держит
page-bot-stopped = Бот не смог продолжить: игра остановлена.
page-error-400 = Сервер отклонил запрос.
page-error-403 = Эта ссылка не открывает ни одного места в этой партии.
page-error-404 = Такой партии нет (или уже нет).
page-error-409 = Этот ход уже невозможен.
page-error-413 = Запрос слишком велик.
page-error-429 = Слишком много партий с вашего адреса: закончите одну или попробуйте позже.
page-error-500 = Сервер не справился с этим запросом.
page-error-503 = На сервере уже столько партий, сколько он может вести: попробуйте позже.
page-error-other = Запрос не удался ({ $status }).
page-error-connection = Сервер недоступен.

## журнал, который можно читать (задача 25): ответ в журнале
engine-log-answer = { $player } — { $question } { $answer }
engine-log-did = { $player } — { $answer }

## веб-страница: боты, оконченная партия, журнал
page-bots-play = Боты играют за: { $players }.
page-bots-none = Без ботов: все места ваши.
page-finished = Эта партия окончена: вот чем она закончилась.
page-log-count = Журнал ({ $count })

## терминал: строки, не уместившиеся над вопросом
play-more-above = (ещё { $count } выше: «{ $log }»)
