// drezlab answer widget: a question answered by clicking (see drezlab/ui/answer.py).
// Python holds the answer and judges; this front end shows the picture or the buttons,
// sends what the pupil clicks, and colours the verdicts Python sends back.

function render({ model, el }) {
  el.classList.add("dz-answer");
  const question = document.createElement("div");
  question.className = "dz-answer-question";
  const help = document.createElement("div");
  help.className = "dz-answer-help";
  const picture = document.createElement("div");
  picture.className = "dz-answer-picture";
  const buttons = document.createElement("div");
  buttons.className = "dz-answer-buttons";
  const tools = document.createElement("div");
  tools.className = "dz-answer-tools";
  const feedback = document.createElement("div");
  feedback.className = "dz-answer-feedback";
  feedback.setAttribute("role", "status");
  feedback.setAttribute("aria-live", "polite");
  el.append(question, help, picture, buttons, tools, feedback);

  const check = document.createElement("button");
  check.className = "dz-answer-check";
  check.addEventListener("click", () => model.send({ type: "check" }));
  const clear = document.createElement("button");
  clear.className = "dz-answer-clear";
  clear.addEventListener("click", () => model.send({ type: "clear" }));
  tools.append(check, clear);

  function clickables() {
    const allowed = new Set(model.get("clickable"));
    return [...picture.querySelectorAll("[data-id]")].filter((node) => allowed.has(node.getAttribute("data-id")));
  }

  function drawPicture() {
    picture.innerHTML = model.get("svg");
    for (const node of clickables()) {
      node.classList.add("dz-answer-target");
      node.setAttribute("role", "button");
      node.setAttribute("tabindex", "0");
      node.setAttribute("aria-label", model.get("names")[node.getAttribute("data-id")] || node.getAttribute("data-id"));
      node.addEventListener("keydown", (event) => {
        if (event.key === "Enter" || event.key === " ") {
          event.preventDefault();
          model.send({ type: "click", value: node.getAttribute("data-id") });
        }
      });
    }
  }

  picture.addEventListener("click", (event) => {
    const node = event.target.closest("[data-id]");
    if (!node || !picture.contains(node) || !node.classList.contains("dz-answer-target")) return;
    model.send({ type: "click", value: node.getAttribute("data-id") });
  });

  function drawButtons() {
    buttons.replaceChildren(...model.get("options").map((label, index) => {
      const button = document.createElement("button");
      button.className = "dz-answer-option";
      button.textContent = label;
      button.addEventListener("click", () => model.send({ type: "choose", value: index }));
      return button;
    }));
  }

  function update() {
    const pick = model.get("mode") === "pick";
    const texts = model.get("texts");
    const marks = model.get("marks");
    const picked = new Set(model.get("picked"));
    const solved = model.get("solved");
    question.textContent = model.get("question");
    help.textContent = solved ? "" : texts.help || "";
    picture.hidden = !pick;
    buttons.hidden = pick;
    tools.hidden = !pick || model.get("count") === 1 || solved;
    check.textContent = texts.check || "Check";
    clear.textContent = texts.clear || "Start again";
    el.classList.toggle("dz-answer-solved", solved);
    for (const node of picture.querySelectorAll("[data-id]")) {
      const id = node.getAttribute("data-id");
      node.classList.toggle("dz-answer-picked", picked.has(id) && !marks[id]);
      node.classList.toggle("dz-answer-right", marks[id] === "right");
      node.classList.toggle("dz-answer-wrong", marks[id] === "wrong");
    }
    for (const button of buttons.querySelectorAll("button")) {
      const mark = marks[button.textContent];
      button.classList.toggle("dz-answer-right", mark === "right");
      button.classList.toggle("dz-answer-wrong", mark === "wrong");
      button.disabled = solved;
    }
    feedback.textContent = model.get("feedback");
    feedback.className = "dz-answer-feedback" + (model.get("verdict") ? " dz-answer-" + model.get("verdict") : "");
  }

  drawPicture();
  drawButtons();
  update();
  model.on("change:svg", () => { drawPicture(); update(); });
  model.on("change:clickable", () => { drawPicture(); update(); });
  model.on("change:options", () => { drawButtons(); update(); });
  for (const name of ["picked", "marks", "feedback", "verdict", "solved", "texts", "question", "mode", "count"]) {
    model.on("change:" + name, update);
  }
}

export default { render };
