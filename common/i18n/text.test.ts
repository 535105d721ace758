import { describe, expect, it } from 'vitest';
import { CLIENT_ID_MESSAGE } from '../syncValues';
import spanish from './es';
import { translateText } from './text';

describe('translateText', () => {
  const catalog = {
    '{label} is required.': 'El campo “{label}” es obligatorio.',
    '{label} must be at most {max} characters.': 'El campo “{label}” debe tener como máximo {max} caracteres.',
    '{name} joined {group}.': '{name} se unió a {group}.',
    'First name': 'Nombre',
    'Walkthroughs': 'Recorridos de aula',
    'Name is required.': 'El nombre es obligatorio.',
  };

  it('fills a {label} with the field name\'s own Spanish when the catalogue has it exactly', () => {
    expect(translateText(catalog, 'First name is required.')).toBe('El campo “Nombre” es obligatorio.');
    expect(translateText(catalog, 'First name must be at most 80 characters.')).toBe('El campo “Nombre” debe tener como máximo 80 caracteres.');
  });

  it('keeps a label it has no Spanish for, and an exact entry wins over the pattern', () => {
    expect(translateText(catalog, 'Favourite colour is required.')).toBe('El campo “Favourite colour” es obligatorio.');
    expect(translateText(catalog, 'Name is required.')).toBe('El nombre es obligatorio.');
  });

  it('leaves other values as they are, even when one is also an English text of the catalogue', () => {
    // A group named "Walkthroughs" keeps its name.
    expect(translateText(catalog, 'Ava Patel joined Walkthroughs.')).toBe('Ava Patel se unió a Walkthroughs.');
  });
});

describe('the Spanish texts', () => {
  it('translate the offline sync\'s own refusal of a malformed client id', () => {
    expect(translateText(spanish, CLIENT_ID_MESSAGE)).toBe('El identificador del cliente debe ser un UUID.');
  });
});
