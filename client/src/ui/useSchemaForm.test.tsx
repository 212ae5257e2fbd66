import { describe, expect, it, vi } from 'vitest';
import { createUserBodySchema, type CreateUserBody } from '#protocol';
import { byTestId, render, textOf, typeInto, update } from '../testing/render';
import { TextField } from './TextField';
import { errorsOfFilledFields, useSchemaForm, type FieldErrors, type FieldValues } from './useSchemaForm';

type Field = keyof CreateUserBody;
const SCHOOL = 'dddddddddddddddddddddddd';

function UserForm(props: {
  send(body: CreateUserBody): Promise<void>;
  onInvalid?(errors: FieldErrors<Field>, values: FieldValues<Field>): FieldErrors<Field> | void;
  recheck?: boolean;
}) {
  const form = useSchemaForm<Field, CreateUserBody>({
    schema: createUserBodySchema,
    initial: { name: '', email: '', password: '', role: 'Admin', schoolId: SCHOOL },
    ...(props.onInvalid ? { onInvalid: props.onInvalid } : {}),
    recheck: props.recheck ?? false,
    onValid: props.send,
  });
  return (
    <form onSubmit={form.onSubmit} noValidate data-testid="form">
      <TextField label="Navn" data-testid="name" {...form.field('name')} />
      <TextField label="E-post" data-testid="email" {...form.field('email')} />
      <TextField label="Passord" data-testid="password" {...form.field('password')} />
      <button type="submit" disabled={form.busy} data-testid="submit">
        {form.busy ? 'Oppretter...' : 'Opprett'}
      </button>
      <button type="button" onClick={form.clearErrors} data-testid="clear">
        Lukk
      </button>
    </form>
  );
}

const type = (testId: string, text: string) => typeInto(byTestId(testId) as HTMLInputElement, text);

const clear = () => update(() => byTestId('clear')!.click());
const submit = () => update(() => void byTestId('form')!.dispatchEvent(new Event('submit', { bubbles: true, cancelable: true })));
const errorOf = (testId: string) => {
  const input = byTestId(testId)!;
  const described = input.getAttribute('aria-describedby');
  return described ? textOf(document.getElementById(described)) : '';
};

describe('a form checked against the protocol schema', () => {
  it('sends nothing while a field is wrong and shows each field its own message, in Norwegian', async () => {
    const send = vi.fn(async () => undefined);
    await render(<UserForm send={send} />);
    await type('email', 'ikke-en-adresse');
    await type('password', 'kort');
    await submit();

    expect(send).not.toHaveBeenCalled();
    expect(errorOf('name')).toBe('Navn må fylles ut');
    expect(errorOf('email')).toBe('Ugyldig e-postadresse');
    expect(errorOf('password')).toBe('Passordet må være minst 6 tegn');
    expect(byTestId('email')!.getAttribute('aria-invalid')).toBe('true');

    await type('email', 'kari@skole.no');
    expect(errorOf('email')).toBe('');
    expect(errorOf('password')).toBe('Passordet må være minst 6 tegn');
  });

  it('sends the body the server will read (trimmed) once, however often it is pressed, and is busy meanwhile', async () => {
    let finish: () => void = () => undefined;
    const send = vi.fn(() => new Promise<void>((resolve) => (finish = resolve)));
    await render(<UserForm send={send} />);
    await type('name', '  Kari Nordmann ');
    await type('email', ' kari@skole.no ');
    await type('password', 'hemmelig');
    await submit();
    await submit();

    expect(send).toHaveBeenCalledTimes(1);
    expect(send).toHaveBeenCalledWith({
      name: 'Kari Nordmann',
      email: 'kari@skole.no',
      password: 'hemmelig',
      role: 'Admin',
      schoolId: SCHOOL,
    });
    expect(textOf(byTestId('submit'))).toBe('Oppretter...');
    await update(() => finish());
    expect(textOf(byTestId('submit'))).toBe('Opprett');
    await submit();
    expect(send).toHaveBeenCalledTimes(2);
  });

  it('with errorsOfFilledFields an empty field says nothing, a wrong one says why', async () => {
    const send = vi.fn(async () => undefined);
    await render(<UserForm send={send} onInvalid={errorsOfFilledFields} />);
    await submit();
    expect([errorOf('name'), errorOf('email'), errorOf('password')]).toEqual(['', '', '']);

    await type('password', 'kort');
    await submit();
    expect(send).not.toHaveBeenCalled();
    expect([errorOf('name'), errorOf('email'), errorOf('password')]).toEqual(['', '', 'Passordet må være minst 6 tegn']);
  });

  it('clearErrors takes the errors away and keeps what was typed', async () => {
    await render(<UserForm send={vi.fn(async () => undefined)} />);
    await type('email', 'ikke-en-adresse');
    await submit();
    expect(errorOf('email')).toBe('Ugyldig e-postadresse');

    await clear();
    expect([errorOf('name'), errorOf('email'), errorOf('password')]).toEqual(['', '', '']);
    expect((byTestId('email') as HTMLInputElement).value).toBe('ikke-en-adresse');
  });

  it('with recheck, once submitted, the errors follow what is typed until they are cleared', async () => {
    const send = vi.fn(async () => undefined);
    await render(<UserForm send={send} recheck />);
    await type('name', 'Kari Nordmann');
    await type('email', 'kari@skole.no');
    await type('password', 'kort');
    await type('name', '');
    // Not yet submitted: nothing is said.
    expect(errorOf('name')).toBe('');
    await type('name', 'Kari Nordmann');

    await submit();
    expect(send).not.toHaveBeenCalled();
    expect(errorOf('password')).toBe('Passordet må være minst 6 tegn');
    await type('name', '  ');
    expect(errorOf('name')).toBe('Navn må fylles ut');
    await type('password', 'hemmelig');
    expect([errorOf('name'), errorOf('password')]).toEqual(['Navn må fylles ut', '']);

    // Sent (the form cannot tell whether it was taken): still checked until cleared.
    await type('name', 'Kari Nordmann');
    await submit();
    expect(send).toHaveBeenCalledTimes(1);
    await type('name', '');
    expect(errorOf('name')).toBe('Navn må fylles ut');

    await clear();
    await type('email', 'ikke-en-adresse');
    expect([errorOf('name'), errorOf('email')]).toEqual(['', '']);
  });
});
