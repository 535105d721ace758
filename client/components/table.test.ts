import { createElement, Fragment } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { TableHead } from './Table';

describe('TableHead', () => {
  it('writes one row of column headers: text, a node, hidden for screen readers, with a class, and leaves out false', () => {
    const term = createElement(Fragment, null, 'Term ', createElement('span', { className: 'sr-only' }, '(school years)'));
    const html = renderToStaticMarkup(createElement('table', null, createElement(TableHead, {
      columns: ['Name', term, { label: 'Seats', className: 'num' }, false, { label: 'Actions', hidden: true }],
    })));
    expect(html).toBe('<table><thead><tr>'
      + '<th scope="col">Name</th>'
      + '<th scope="col">Term <span class="sr-only">(school years)</span></th>'
      + '<th scope="col" class="num">Seats</th>'
      + '<th scope="col"><span class="sr-only">Actions</span></th>'
      + '</tr></thead></table>');
  });
});
