/**
 * When a field of our forms checks its value: on submit, then on every change once the form was sent. A message
 * shown on blur pushed the submit button down between its mousedown and mouseup, so the first click was lost
 * (issue 28); a change-time message appears while one types, never under the pointer.
 */
export const submitThenChange = { initial: "onSubmit", whenTouched: "onSubmit", whenSubmitted: "onChange" } as const;
