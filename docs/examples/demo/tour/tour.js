/* MAG tour shopping-price-1-a94c6a7c0f4c (task shopping-price-1), written by `mag export-guide`.
   It includes driver.js 1.8.0 (https://www.npmjs.com/package/driver.js), under this license:

The MIT License

Copyright (c) Kamran Ahmed

Permission is hereby granted, free of charge, to any person obtaining a copy
of this software and associated documentation files (the "Software"), to deal
in the Software without restriction, including without limitation the rights
to use, copy, modify, merge, publish, distribute, sublicense, and/or sell
copies of the Software, and to permit persons to whom the Software is
furnished to do so, subject to the following conditions:

The above copyright notice and this permission notice shall be included in
all copies or substantial portions of the Software.

THE SOFTWARE IS PROVIDED "AS IS", WITHOUT WARRANTY OF ANY KIND, EXPRESS OR
IMPLIED, INCLUDING BUT NOT LIMITED TO THE WARRANTIES OF MERCHANTABILITY,
FITNESS FOR A PARTICULAR PURPOSE AND NONINFRINGEMENT. IN NO EVENT SHALL THE
AUTHORS OR COPYRIGHT HOLDERS BE LIABLE FOR ANY CLAIM, DAMAGES OR OTHER
LIABILITY, WHETHER IN AN ACTION OF CONTRACT, TORT OR OTHERWISE, ARISING FROM,
OUT OF OR IN CONNECTION WITH THE SOFTWARE OR THE USE OR OTHER DEALINGS IN
THE SOFTWARE.
*/
(function () {
  var ns = {};
  (function () {
this.driver=this.driver||{},this.driver.js=(function(e){Object.defineProperty(e,Symbol.toStringTag,{value:`Module`});let t=[`pointerdown`,`mousedown`,`pointerup`,`mouseup`,`click`],n=new WeakMap;function r(e,r,a){i(e);let o=t=>{let n=t.target;e.contains(n)&&((!a||a(n))&&(t.preventDefault(),t.stopPropagation(),t.stopImmediatePropagation()),t.type===`click`&&r?.(t))};for(let e of t)document.addEventListener(e,o,!0);n.set(e,o)}function i(e){let r=n.get(e);if(r){for(let e of t)document.removeEventListener(e,r,!0);n.delete(e)}}function a(e,t){let n=e.wrapper.getBoundingClientRect();return{width:n.width+t,height:n.height+t,realWidth:n.width,realHeight:n.height}}function o(e,t){let{elementDimensions:n,popoverDimensions:r,popoverPadding:i,popoverArrowDimensions:a}=t;return e===`start`?Math.max(Math.min(n.top-i,window.innerHeight-r.realHeight-a.width),a.width):e===`end`?Math.max(Math.min(n.top-r?.realHeight+n.height+i,window.innerHeight-r?.realHeight-a.width),a.width):e===`center`?Math.max(Math.min(n.top+n.height/2-r?.realHeight/2,window.innerHeight-r?.realHeight-a.width),a.width):0}function s(e,t){let{elementDimensions:n,popoverDimensions:r,popoverPadding:i,popoverArrowDimensions:a}=t;return e===`start`?Math.max(Math.min(n.left-i,window.innerWidth-r.realWidth-a.width),a.width):e===`end`?Math.max(Math.min(n.left-r?.realWidth+n.width+i,window.innerWidth-r?.realWidth-a.width),a.width):e===`center`?Math.max(Math.min(n.left+n.width/2-r?.realWidth/2,window.innerWidth-r?.realWidth-a.width),a.width):0}function c(e,t,n){let{align:r,side:i}=n,c=n.centered?`over`:i,l=n.padding,u=a(e,n.offset),d=e.arrow.getBoundingClientRect(),p=t.getBoundingClientRect(),m=p.top-u.height,h=m>=0,g=window.innerHeight-(p.bottom+u.height),_=g>=0,v=p.left-u.width,y=v>=0,b=window.innerWidth-(p.right+u.width),x=b>=0,S=!h&&!_&&!y&&!x,C=c;if(c===`top`&&h?x=y=_=!1:c===`bottom`&&_?x=y=h=!1:c===`left`&&y?x=h=_=!1:c===`right`&&x&&(y=h=_=!1),c===`over`){let t=window.innerWidth/2-u.realWidth/2,n=window.innerHeight/2-u.realHeight/2;e.wrapper.style.left=`${t}px`,e.wrapper.style.right=`auto`,e.wrapper.style.top=`${n}px`,e.wrapper.style.bottom=`auto`}else if(S){let t=window.innerWidth/2-u?.realWidth/2;e.wrapper.style.left=`${t}px`,e.wrapper.style.right=`auto`,e.wrapper.style.bottom=`10px`,e.wrapper.style.top=`auto`}else if(y){let t=Math.min(v,window.innerWidth-u?.realWidth-d.width),n=o(r,{elementDimensions:p,popoverDimensions:u,popoverPadding:l,popoverArrowDimensions:d});e.wrapper.style.left=`${t}px`,e.wrapper.style.top=`${n}px`,e.wrapper.style.bottom=`auto`,e.wrapper.style.right=`auto`,C=`left`}else if(x){let t=Math.min(b,window.innerWidth-u?.realWidth-d.width),n=o(r,{elementDimensions:p,popoverDimensions:u,popoverPadding:l,popoverArrowDimensions:d});e.wrapper.style.right=`${t}px`,e.wrapper.style.top=`${n}px`,e.wrapper.style.bottom=`auto`,e.wrapper.style.left=`auto`,C=`right`}else if(h){let t=Math.min(m,window.innerHeight-u.realHeight-d.width),n=s(r,{elementDimensions:p,popoverDimensions:u,popoverPadding:l,popoverArrowDimensions:d});e.wrapper.style.top=`${t}px`,e.wrapper.style.left=`${n}px`,e.wrapper.style.bottom=`auto`,e.wrapper.style.right=`auto`,C=`top`}else if(_){let t=Math.min(g,window.innerHeight-u?.realHeight-d.width),n=s(r,{elementDimensions:p,popoverDimensions:u,popoverPadding:l,popoverArrowDimensions:d});e.wrapper.style.left=`${n}px`,e.wrapper.style.bottom=`${t}px`,e.wrapper.style.top=`auto`,e.wrapper.style.right=`auto`,C=`bottom`}f(e,S?`over`:C,r,t),[...e.wrapper.classList].filter(e=>e.startsWith(`driver-popover-side-`)||e.startsWith(`driver-popover-align-`)).forEach(t=>e.wrapper.classList.remove(t)),e.wrapper.classList.add(`driver-popover-side-${C}`),e.wrapper.classList.add(`driver-popover-align-${r}`)}function l(e,t,n,r,i,a=10){let o=r-n;return e<=n&&t>=r?i===`start`?15+a/2:i===`end`?o-15-a/2:o/2:(Math.min(Math.max(e,n),r)+Math.min(Math.max(t,n),r))/2-n}function u(e,t,n=10){let r=t-15-n;if(r<15)return Math.max(0,(t-n)/2);let i=e-n/2;return Math.min(Math.max(i,15),r)}function d(e,t,n){return e===`left`||e===`right`?t.bottom>n.top&&t.top<n.bottom?e:t.bottom<=n.top?`bottom`:`top`:t.right>n.left&&t.left<n.right?e:t.right<=n.left?`right`:`left`}function f(e,t,n,r){let i=e.arrow;if(i.className=`driver-popover-arrow`,i.style.top=``,i.style.right=``,i.style.bottom=``,i.style.left=``,t===`over`){i.classList.add(`driver-popover-arrow-none`);return}let a=r.getBoundingClientRect(),o=e.wrapper.getBoundingClientRect(),s=d(t,a,o);i.classList.add(`driver-popover-arrow-side-${s}`);let c=i.getBoundingClientRect().width||10;if(s===`left`||s===`right`){let e=l(a.top,a.bottom,o.top,o.bottom,n,c);i.style.top=`${u(e,o.height,c)}px`}else{let e=l(a.left,a.right,o.left,o.right,n,c);i.style.left=`${u(e,o.width,c)}px`}}function p(e){return typeof e==`function`?e():typeof e==`string`?document.querySelector(e):e}function m(e){let t=window.getComputedStyle(e);return[t.overflow,t.overflowX,t.overflowY].some(e=>e===`auto`||e===`scroll`)}function h(e,t,n,r){return(e/=r/2)<1?n/2*e*e+t:-n/2*(--e*(e-2)-1)+t}function g(e){let t=`a[href]:not([disabled]), button:not([disabled]), textarea:not([disabled]), input[type="text"]:not([disabled]), input[type="radio"]:not([disabled]), input[type="checkbox"]:not([disabled]), select:not([disabled])`;return e.flatMap(e=>{let n=e.matches(t),r=Array.from(e.querySelectorAll(t));return[...n?[e]:[],...r]}).filter(e=>getComputedStyle(e).pointerEvents!==`none`&&b(e))}function _(e,t){if(!e||y(e))return;let n=e.offsetHeight>window.innerHeight;e.scrollIntoView({behavior:!t||v(e)?`auto`:`smooth`,inline:`center`,block:n?`start`:`center`})}function v(e){if(!e||!e.parentElement)return;let t=e.parentElement;return t.scrollHeight>t.clientHeight}function y(e){let t=e.getBoundingClientRect();return t.top>=0&&t.left>=0&&t.bottom<=(window.innerHeight||document.documentElement.clientHeight)&&t.right<=(window.innerWidth||document.documentElement.clientWidth)}function b(e){return!!(e.offsetWidth||e.offsetHeight||e.getClientRects().length)}function x(e){e&&(e.wrapper.style.display=`none`)}function S(e,t){let n=ee();document.body.appendChild(n.wrapper);let{title:i,description:a,showButtons:o,disableButtons:s,showProgress:l,nextBtnText:u,prevBtnText:d,progressText:f}=t;n.nextButton.innerHTML=u,n.previousButton.innerHTML=d,n.progress.innerHTML=f,t.doneButton&&n.nextButton.classList.add(`driver-popover-done-btn`),i?(n.title.innerHTML=i,n.title.style.display=`block`):n.title.style.display=`none`,a?(n.description.innerHTML=a,n.description.style.display=`block`):n.description.style.display=`none`;let p=o.includes(`next`)||o.includes(`previous`)||l;n.closeButton.style.display=o.includes(`close`)?`block`:`none`,p?(n.footer.style.display=`flex`,n.progress.style.display=l?`block`:`none`,n.nextButton.style.display=o.includes(`next`)?`block`:`none`,n.previousButton.style.display=o.includes(`previous`)?`block`:`none`):n.footer.style.display=`none`,s.includes(`next`)&&(n.nextButton.disabled=!0,n.nextButton.classList.add(`driver-popover-btn-disabled`)),s.includes(`previous`)&&(n.previousButton.disabled=!0,n.previousButton.classList.add(`driver-popover-btn-disabled`)),s.includes(`close`)&&(n.closeButton.disabled=!0,n.closeButton.classList.add(`driver-popover-btn-disabled`));let m=n.wrapper;m.style.display=`block`,m.style.left=``,m.style.top=``,m.style.bottom=``,m.style.right=``,m.id=`driver-popover-content`,m.setAttribute(`role`,`dialog`),m.setAttribute(`aria-labelledby`,`driver-popover-title`),m.setAttribute(`aria-describedby`,`driver-popover-description`);let h=n.arrow;h.className=`driver-popover-arrow`,m.className=`driver-popover ${t.popoverClass||``}`.trim(),r(n.wrapper,e=>{let n=e.target;if(n.closest(`.driver-popover-next-btn`))return t.onNextClick?.();if(n.closest(`.driver-popover-prev-btn`))return t.onPrevClick?.();if(n.closest(`.driver-popover-close-btn`))return t.onCloseClick?.()},e=>n.description.contains(e)||n.title.contains(e)?!1:!!e.closest(`.driver-popover-prev-btn, .driver-popover-next-btn, .driver-popover-close-btn`)),t.onRender?.(n),c(n,e,t.position),C(n,e,t.position),_(m,t.smoothScroll);let v=g([m,e]);return v.length>0&&v[0].focus(),n}function C(e,t,n){e.wrapper.querySelectorAll(`img`).forEach(r=>{if(r.complete)return;let i=()=>c(e,t,n);r.addEventListener(`load`,i,{once:!0}),r.addEventListener(`error`,i,{once:!0})})}function ee(){let e=document.createElement(`div`);e.classList.add(`driver-popover`);let t=document.createElement(`div`);t.classList.add(`driver-popover-arrow`);let n=document.createElement(`header`);n.id=`driver-popover-title`,n.classList.add(`driver-popover-title`),n.style.display=`none`,n.innerText=`Popover Title`;let r=document.createElement(`div`);r.id=`driver-popover-description`,r.classList.add(`driver-popover-description`),r.style.display=`none`,r.innerText=`Popover description is here`;let i=document.createElement(`button`);i.type=`button`,i.classList.add(`driver-popover-close-btn`),i.setAttribute(`aria-label`,`Close`),i.innerHTML=`&times;`;let a=document.createElement(`footer`);a.classList.add(`driver-popover-footer`);let o=document.createElement(`span`);o.classList.add(`driver-popover-progress-text`),o.innerText=``;let s=document.createElement(`span`);s.classList.add(`driver-popover-navigation-btns`);let c=document.createElement(`button`);c.type=`button`,c.classList.add(`driver-popover-prev-btn`,`driver-popover-footer-btn`),c.innerHTML=`Previous`;let l=document.createElement(`button`);return l.type=`button`,l.classList.add(`driver-popover-next-btn`,`driver-popover-footer-btn`),l.innerHTML=`Next`,s.appendChild(c),s.appendChild(l),a.appendChild(o),a.appendChild(s),e.appendChild(i),e.appendChild(t),e.appendChild(n),e.appendChild(r),e.appendChild(a),{wrapper:e,arrow:t,title:n,description:r,footer:a,previousButton:c,nextButton:l,closeButton:i,footerButtons:s,progress:o}}function w(e){e&&(i(e.wrapper),e.wrapper.parentElement?.removeChild(e.wrapper))}function T(e,t){let n=window.innerWidth,r=window.innerHeight,i=t.padding,a=t.radius,o=e.width+i*2,s=e.height+i*2,c=Math.min(a,o/2,s/2),l=Math.floor(Math.max(c,0)),u=e.x-i+l,d=e.y-i,f=o-l*2,p=s-l*2;return`M${n},0L0,0L0,${r}L${n},${r}L${n},0Z
    M${u},${d} h${f} a${l},${l} 0 0 1 ${l},${l} v${p} a${l},${l} 0 0 1 -${l},${l} h-${f} a${l},${l} 0 0 1 -${l},-${l} v-${p} a${l},${l} 0 0 1 ${l},-${l} z`}function E(e,t,n,r,i){let a=e.getState(`__activeStagePosition`),o=a||r.getBoundingClientRect(),s=i.getBoundingClientRect();a={x:h(t,o.x,s.x-o.x,n),y:h(t,o.y,s.y-o.y,n),width:h(t,o.width,s.width-o.width,n),height:h(t,o.height,s.height-o.height,n)},A(e,a),e.setState(`__activeStagePosition`,a)}function D(e,t){if(!t)return;let n=t.getBoundingClientRect(),r={x:n.x,y:n.y,width:n.width,height:n.height};e.setState(`__activeStagePosition`,r),A(e,r)}function O(e){let t=e.getState(`__activeStagePosition`),n=e.getState(`__overlaySvg`);if(!t)return;if(!n){console.warn(`No stage svg found.`);return}let r=window.innerWidth,i=window.innerHeight;n.setAttribute(`viewBox`,`0 0 ${r} ${i}`)}function k(e,t){let n=M(e,t);document.body.appendChild(n),r(n,t=>{t.target.tagName===`path`&&e.emit(`overlayClick`)}),e.setState(`__overlaySvg`,n)}function A(e,t){let n=e.getState(`__overlaySvg`);if(!n){k(e,t);return}let r=n.firstElementChild;if(r?.tagName!==`path`)throw Error(`no path element found in stage svg`);r.setAttribute(`d`,T(t,j(e)))}function j(e){return{padding:e.getConfig(`stagePadding`)||0,radius:e.getConfig(`stageRadius`)||0}}function M(e,t){let n=window.innerWidth,r=window.innerHeight,i=document.createElementNS(`http://www.w3.org/2000/svg`,`svg`);i.classList.add(`driver-overlay`,`driver-overlay-animated`),i.setAttribute(`viewBox`,`0 0 ${n} ${r}`),i.setAttribute(`xmlSpace`,`preserve`),i.setAttribute(`xmlnsXlink`,`http://www.w3.org/1999/xlink`),i.setAttribute(`version`,`1.1`),i.setAttribute(`preserveAspectRatio`,`xMinYMin slice`),i.style.fillRule=`evenodd`,i.style.clipRule=`evenodd`,i.style.strokeLinejoin=`round`,i.style.strokeMiterlimit=`2`,i.style.zIndex=`10000`,i.style.position=`fixed`,i.style.top=`0`,i.style.left=`0`,i.style.width=`100%`,i.style.height=`100%`;let a=document.createElementNS(`http://www.w3.org/2000/svg`,`path`);return a.setAttribute(`d`,T(t,j(e))),a.style.fill=e.getConfig(`overlayColor`)||`rgb(0,0,0)`,a.style.opacity=`${e.getConfig(`overlayOpacity`)}`,a.style.pointerEvents=`auto`,a.style.cursor=`auto`,i.appendChild(a),i}function N(e){let t=e.getState(`__overlaySvg`);t&&(i(t),t.remove())}let P=`{{current}} of {{total}}`;function F(e,t){return!(t.skipMissingElement??e.getConfig(`skipMissingElement`))||!t.element?!1:!p(t.element)}function I(e,t,n){let r=e.getConfig(`steps`)||[];for(let i=t;i>=0&&i<r.length;i+=n)if(!F(e,r[i]))return i}function L(e,t){let n=e.getState(`activeIndex`),r=n!==void 0&&I(e,n+1,1)===void 0,i=t?.popover?.onDoneClick||e.getConfig(`onDoneClick`);return r&&i?i:t?.popover?.onNextClick||e.getConfig(`onNextClick`)}function R(e,t){return t?.popover?.onPrevClick||e.getConfig(`onPrevClick`)}function z(e,t){return t?.popover?.onCloseClick||e.getConfig(`onCloseClick`)}function B(e,t,n){let r=e.getConfig(`steps`)||[],i=r[t],a=i.popover||{},o=I(e,t+1,1)!==void 0,s=I(e,t-1,-1)!==void 0,c=a.doneBtnText||e.getConfig(`doneBtnText`)||`Done`,l=e.getConfig(`allowClose`),u=a.showProgress===void 0?e.getConfig(`showProgress`):a.showProgress,d=(a.progressText||e.getConfig(`progressText`)||P).replace(`{{current}}`,`${t+1}`).replace(`{{total}}`,`${r.length}`),f=a.showButtons||e.getConfig(`showButtons`),p=[`next`,`previous`,...l?[`close`]:[]].filter(e=>!f?.length||f.includes(e)),m=a.onNextClick||e.getConfig(`onNextClick`),h=a.onPrevClick||e.getConfig(`onPrevClick`),g=a.onCloseClick||e.getConfig(`onCloseClick`);return{...i,popover:{showButtons:p,nextBtnText:o?void 0:c,disableButtons:[...s?[]:[`previous`]],showProgress:u,onNextClick:m||n.onNextClick,onPrevClick:h||n.onPrevClick,onCloseClick:g||n.onCloseClick,...a,progressText:d}}}function V(e,t,n){let r=e.getConfig(`stagePadding`)||0;return{side:n.popover?.side||`bottom`,align:n.popover?.align||`start`,offset:r+(e.getConfig(`popoverOffset`)||0),padding:r,centered:t.id===`driver-dummy-element`}}function H(e,t,n){let r=n.popover||{},i=e.getState(`activeIndex`),a=i!==void 0&&I(e,i+1,1)===void 0;return{title:r.title,description:r.description,showButtons:r.showButtons||e.getConfig(`showButtons`),disableButtons:r.disableButtons||e.getConfig(`disableButtons`)||[],showProgress:r.showProgress||e.getConfig(`showProgress`)||!1,progressText:r.progressText??(e.getConfig(`progressText`)||P),nextBtnText:r.nextBtnText??(e.getConfig(`nextBtnText`)||`Next`),prevBtnText:r.prevBtnText??(e.getConfig(`prevBtnText`)||`Previous`),doneButton:a,popoverClass:r.popoverClass||e.getConfig(`popoverClass`)||``,smoothScroll:e.getConfig(`smoothScroll`),onNextClick:()=>{let r=L(e,n);return r?r(t,n,e.getHookOpts()):e.emit(`nextClick`)},onPrevClick:()=>{let r=R(e,n);return r?r(t,n,e.getHookOpts()):e.emit(`prevClick`)},onCloseClick:()=>{let r=z(e,n);return r?r(t,n,e.getHookOpts()):e.emit(`closeClick`)},onRender:t=>{e.setState(`popover`,t),(r.onPopoverRender||e.getConfig(`onPopoverRender`))?.(t,e.getHookOpts())},position:V(e,t,n)}}function U(e,t,n){w(e.getState(`popover`)),S(t,H(e,t,n))}function W(e,t,n){let r=e.getState(`popover`);r&&c(r,t,V(e,t,n))}function G(){let e=document.getElementById(`driver-dummy-element`);if(e)return e;let t=document.createElement(`div`);return t.id=`driver-dummy-element`,t.style.width=`0`,t.style.height=`0`,t.style.pointerEvents=`none`,t.style.opacity=`0`,t.style.position=`fixed`,t.style.top=`50%`,t.style.left=`50%`,document.body.appendChild(t),t}function K(e,t){let n=p(t.element);n||(n=G()),J(e,n,t)}function q(e){let t=e.getState(`__activeElement`),n=e.getState(`__activeStep`);t&&(D(e,t),O(e),W(e,t,n))}function J(e,t,n){let r=e.getConfig(`duration`)||400,i=Date.now(),a=e.getState(`__activeStep`),o=e.getState(`__activeElement`)||t,s=!o||o===t,c=t.id===`driver-dummy-element`,l=o.id===`driver-dummy-element`,u=e.getConfig(`animate`),d=n.onHighlightStarted||e.getConfig(`onHighlightStarted`),f=n?.onHighlighted||e.getConfig(`onHighlighted`),p=a?.onDeselected||e.getConfig(`onDeselected`),h=e.getHookOpts();!s&&p&&p(l?void 0:o,a,h),d&&d(c?void 0:t,n,h);let g=!s&&u,v=!1;x(e.getState(`popover`)),e.setState(`previousStep`,a),e.setState(`previousElement`,o),e.setState(`activeStep`,n),e.setState(`activeElement`,t);let y=()=>{if(e.getState(`__transitionCallback`)!==y)return;let s=Date.now()-i,l=r-s<=r/2;n.popover&&l&&!v&&g&&(U(e,t,n),v=!0),e.getConfig(`animate`)&&s<r?E(e,s,r,o,t):(D(e,t),f&&f(c?void 0:t,n,e.getHookOpts()),e.setState(`__transitionCallback`,void 0),e.setState(`__previousStep`,a),e.setState(`__previousElement`,o),e.setState(`__activeStep`,n),e.setState(`__activeElement`,t)),window.requestAnimationFrame(y)};e.setState(`__transitionCallback`,y),window.requestAnimationFrame(y),_(t,e.getConfig(`smoothScroll`)),!g&&n.popover&&U(e,t,n),document.querySelectorAll(`.driver-active-element-parent`).forEach(e=>{e.classList.remove(`driver-active-element-parent`,`driver-active-element-parent-no-scroll`)}),o.classList.remove(`driver-active-element`,`driver-no-interaction`),o.removeAttribute(`aria-haspopup`),o.removeAttribute(`aria-expanded`),o.removeAttribute(`aria-controls`),(n.disableActiveInteraction??e.getConfig(`disableActiveInteraction`))&&t.classList.add(`driver-no-interaction`);let b=t.parentElement;b&&b!==document.body&&(b.classList.add(`driver-active-element-parent`),m(b)&&b.classList.add(`driver-active-element-parent-no-scroll`)),t.classList.add(`driver-active-element`),t.setAttribute(`aria-haspopup`,`dialog`),t.setAttribute(`aria-expanded`,`true`),t.setAttribute(`aria-controls`,`driver-popover-content`)}function Y(){document.getElementById(`driver-dummy-element`)?.remove(),document.querySelectorAll(`.driver-active-element`).forEach(e=>{let t=e.parentElement;t&&t!==document.body&&t.classList.remove(`driver-active-element-parent`,`driver-active-element-parent-no-scroll`),e.classList.remove(`driver-active-element`,`driver-no-interaction`),e.removeAttribute(`aria-haspopup`),e.removeAttribute(`aria-expanded`),e.removeAttribute(`aria-controls`)})}function X(e){let t=e.getState(`__resizeTimeout`);t&&window.cancelAnimationFrame(t),e.setState(`__resizeTimeout`,window.requestAnimationFrame(()=>q(e)))}function Z(e,t){if(!e.getState(`isInitialized`)||!(t.key===`Tab`||t.keyCode===9))return;let n=e.getState(`__activeElement`),r=e.getState(`popover`)?.wrapper,i=g([...r?[r]:[],...n?[n]:[]]),a=i[0],o=i[i.length-1];t.preventDefault(),t.shiftKey?(i[i.indexOf(document.activeElement)-1]||o)?.focus():(i[i.indexOf(document.activeElement)+1]||a)?.focus()}function Q(e,t){(e.getConfig(`allowKeyboardControl`)??!0)&&(t.key===`Escape`?e.emit(`escapePress`):t.key===`ArrowRight`?e.emit(`arrowRightPress`):t.key===`ArrowLeft`&&e.emit(`arrowLeftPress`))}function te(e,t){let n=e.getState(`__activeElement`),r=t.target;!n||!r||!n.contains(r)||e.emit(`activeElementClick`)}function ne(e){let t=t=>Q(e,t),n=t=>Z(e,t),r=()=>X(e),i=()=>X(e),a=t=>te(e,t);e.setState(`__events`,{onKeyup:t,onKeydown:n,onResize:r,onScroll:i,onClick:a}),window.addEventListener(`keyup`,t,!1),window.addEventListener(`keydown`,n,!1),window.addEventListener(`resize`,r),window.addEventListener(`scroll`,i),document.addEventListener(`click`,a,!1)}function $(e){let t=e.getState(`__events`);t&&(window.removeEventListener(`keyup`,t.onKeyup),window.removeEventListener(`keydown`,t.onKeydown),window.removeEventListener(`resize`,t.onResize),window.removeEventListener(`scroll`,t.onScroll),document.removeEventListener(`click`,t.onClick,!1))}function re(){let e={};function t(t={}){e={animate:!0,duration:400,allowClose:!0,allowScroll:!0,overlayClickBehavior:`close`,overlayOpacity:.7,smoothScroll:!1,disableActiveInteraction:!1,advanceOnClick:!1,skipMissingElement:!1,waitForElement:0,showProgress:!1,stagePadding:10,stageRadius:5,popoverOffset:10,showButtons:[`next`,`previous`,`close`],disableButtons:[],overlayColor:`#000`,...t}}return t(),{getConfig:(t=>t?e[t]:e),configure:t}}function ie(){let e={},t=(t=>t?e[t]:e),n=(t,n)=>{e[t]=n};function r(){e={}}return{getState:t,setState:n,resetState:r}}function ae(){let e={};function t(t,n){e[t]=n}function n(t){e[t]?.()}function r(){e={}}return{listen:t,emit:n,reset:r}}function oe(e={}){let t=re();t.configure(e);let n=ie(),r=ae(),i;return{getConfig:t.getConfig,setConfig:t.configure,getState:n.getState,setState:n.setState,resetState:n.resetState,listen:r.listen,emit:r.emit,resetEmitter:r.reset,getDriver:()=>i,setDriver:e=>{i=e},getHookOpts:e=>{let r=e||n.getState();return{config:t.getConfig(),state:r,driver:i,index:r.activeIndex}}}}function se(e={}){let t=oe(e);function n(){t.getConfig(`allowClose`)&&h()}function r(){let e=t.getConfig(`overlayClickBehavior`);if(t.getConfig(`allowClose`)&&e===`close`){h();return}if(typeof e==`function`){let n=t.getState(`__activeStep`);e(t.getState(`__activeElement`),n,t.getHookOpts());return}if(e===`nextStep`){let e=t.getState(`activeStep`),n=t.getState(`activeElement`),r=L(t,e);if(r){r(n,e,t.getHookOpts());return}i()}}function i(){let e=t.getState(`activeIndex`),n=t.getConfig(`steps`)||[];if(e===void 0)return;let r=e+1;n[r]?m(r):h()}function a(){let e=t.getState(`activeIndex`),n=t.getConfig(`steps`)||[];if(e===void 0)return;let r=e-1;n[r]?m(r):h()}function o(e){(t.getConfig(`steps`)||[])[e]?m(e):h()}function s(){if(t.getState(`__transitionCallback`))return;let e=t.getState(`__activeStep`);if(!e||!(e.advanceOnClick??t.getConfig(`advanceOnClick`)))return;let n=t.getState(`__activeElement`),r=L(t,e);if(r){r(n,e,t.getHookOpts());return}i()}function c(){if(t.getState(`__transitionCallback`))return;let e=t.getState(`activeIndex`),n=t.getState(`__activeStep`),r=t.getState(`__activeElement`);if(e===void 0||n===void 0||!(t.getConfig(`steps`)||[])[e-1])return;let i=R(t,n);if(i)return i(r,n,t.getHookOpts());a()}function l(){if(t.getState(`__transitionCallback`))return;let e=t.getState(`activeIndex`),n=t.getState(`__activeStep`),r=t.getState(`__activeElement`);if(e===void 0||n===void 0)return;let a=L(t,n);if(a)return a(r,n,t.getHookOpts());i()}function u(){t.getState(`isInitialized`)||(t.setState(`isInitialized`,!0),document.body.classList.add(`driver-active`,t.getConfig(`animate`)?`driver-fade`:`driver-simple`),t.getConfig(`allowScroll`)||document.body.classList.add(`driver-no-scroll`),document.body.style.setProperty(`--driver-animation-duration`,`${t.getConfig(`duration`)||400}ms`),ne(t),t.listen(`overlayClick`,r),t.listen(`activeElementClick`,s),t.listen(`escapePress`,n),t.listen(`closeClick`,n),t.listen(`arrowLeftPress`,c),t.listen(`arrowRightPress`,l))}function d(){let e=t.getState(`__pendingWaitCancel`);e&&(t.setState(`__pendingWaitCancel`,void 0),e())}function f(e,n,r){let i=()=>{a.disconnect(),window.clearTimeout(o),t.setState(`__pendingWaitCancel`,void 0),r()},a=new MutationObserver(()=>{p(e.element)&&i()}),o=window.setTimeout(i,n);t.setState(`__pendingWaitCancel`,()=>{a.disconnect(),window.clearTimeout(o)}),a.observe(document.documentElement,{childList:!0,subtree:!0,attributes:!0})}function m(e=0,n=!1){d();let r=t.getConfig(`steps`);if(!r){console.error(`No steps to drive through`),h();return}if(!r[e]){h();return}let i=r[e],a=i.waitForElement??t.getConfig(`waitForElement`)??0;if(!n&&a>0&&i.element&&!p(i.element)){f(i,a,()=>m(e,!0));return}if(F(t,i)){let n=t.getState(`activeIndex`),i=typeof n==`number`&&e<n?-1:1;r[e+i]?m(e+i):i===1&&h();return}t.setState(`__activeOnDestroyed`,document.activeElement),t.setState(`activeIndex`,e);let o=r[e+1];K(t,B(t,e,{onNextClick:()=>{o?m(e+1):h()},onPrevClick:()=>{m(e-1)},onCloseClick:()=>{h()}}))}function h(e=!0){let n=t.getState(`__activeElement`),r=t.getState(`__activeStep`),i=t.getState(`__activeOnDestroyed`),a=t.getConfig(`onDestroyStarted`);if(e&&a){a(!n||n?.id===`driver-dummy-element`?void 0:n,r,t.getHookOpts());return}let o=r?.onDeselected||t.getConfig(`onDeselected`),s=t.getConfig(`onDestroyed`);document.body.classList.remove(`driver-active`,`driver-fade`,`driver-simple`,`driver-no-scroll`),document.body.style.removeProperty(`--driver-animation-duration`),d(),$(t),w(t.getState(`popover`)),Y(),N(t),t.resetEmitter();let c=t.getState();if(t.resetState(),n&&r){let e=n.id===`driver-dummy-element`;o&&o(e?void 0:n,r,t.getHookOpts(c)),s&&s(e?void 0:n,r,t.getHookOpts(c))}i&&i.focus()}let g={isActive:()=>t.getState(`isInitialized`)||!1,refresh:()=>X(t),drive:(e=0)=>{u(),m(e)},setConfig:t.setConfig,setSteps:e=>{d(),t.resetState(),t.setConfig({...t.getConfig(),steps:e})},getConfig:t.getConfig,getState:t.getState,getActiveIndex:()=>t.getState(`activeIndex`),isFirstStep:()=>{let e=t.getState(`activeIndex`);return e!==void 0&&I(t,e-1,-1)===void 0},isLastStep:()=>{let e=t.getState(`activeIndex`);return e!==void 0&&I(t,e+1,1)===void 0},getActiveStep:()=>t.getState(`activeStep`),getActiveElement:()=>t.getState(`activeElement`),getPreviousElement:()=>t.getState(`previousElement`),getPreviousStep:()=>t.getState(`previousStep`),getNextStep:()=>{let e=t.getConfig(`steps`)||[],n=t.getState(`activeIndex`);if(n===void 0)return;let r=I(t,n+1,1);return r===void 0?void 0:e[r]},moveNext:i,movePrevious:a,moveTo:o,hasNextStep:()=>{let e=t.getState(`activeIndex`);return e!==void 0&&I(t,e+1,1)!==void 0},hasPreviousStep:()=>{let e=t.getState(`activeIndex`);return e!==void 0&&I(t,e-1,-1)!==void 0},highlight:e=>{u(),K(t,{...e,popover:e.popover?{showButtons:[],showProgress:!1,progressText:``,...e.popover}:void 0})},destroy:()=>{h(!1)}};return t.setDriver(g),g}return e.driver=se,e})({});
  }).call(ns);
  var runtime = (
// The MAG tour runtime: runs a tour written by `mag export-guide` on the live site
// with driver.js, and carries it across page loads.
//
// This file is one function expression. The exported script calls it as
//   (runtime)(driverFactory, describe, css).run(tour, {mode})
// with driver.js's `driver` function, som.js (which, given an element, reports its
// role, accessible name, visible text and locator exactly as they were recorded) and
// driver.js's stylesheet. It needs nothing from the network.
//
// Progress lives in localStorage under "mag-tour:<tour id>" as {index, state}, state
// being active, done or closed, so it survives navigations and reloads on one origin.
// On every page load the tour resumes at the stored step when the page matches that
// step's URL rule; when it does not but matches the next step's, the person already
// did the stored step some other way and the tour moves on. mode "auto" (userscript,
// injected script) starts a tour that was never run when the page matches step 1 and
// leaves finished or closed tours alone; mode "manual" (bookmarklet) starts over at
// the first step of the current page unless a tour is under way.
//
// A step's element is looked for every POLL_MS (the page may still be rendering)
// with the step's ranked locators: the first locator that finds exactly one visible
// element wins; if none is unique, the first element of the first locator that found
// any. By role, the candidates are the elements with the recorded tag or an explicit
// role, kept when som.js gives them the recorded role and accessible name. Clicking a
// click step's element advances (driver.js advanceOnClick); the other kinds advance
// on their event (see mag_mcp/guides/export.py) or the Next button.
(function (driverFactory, describe, css) {
  "use strict";
  const POLL_MS = 150;
  const WAIT_MS = 10000; // then the step is shown without its element
  const NAVIGATION_GRACE_MS = 2000; // an action may open another page within this time
  const TESTID_ATTRS = ["data-testid", "data-test-id", "data-test", "data-qa"];
  const NAVIGATION_BUTTONS = { goto: "Open the page", go_back: "Go back", go_forward: "Go forward" };
  const NOT_FOUND = "The element of this step was not found on this page: do it as described, then click Next.";
  const EXTRA_CSS =
    ".mag-tour-popover{max-width:340px}.mag-tour-popover p{margin:0 0 6px}" +
    ".mag-tour-popover .mag-tour-answer{font-weight:700}.mag-tour-popover .mag-tour-note{color:#727272;font-size:13px}";

  const norm = (s) => (s || "").replace(/\s+/g, " ").trim();
  const esc = (s) => String(s).replace(/[&<>"']/g, (c) => "&#" + c.charCodeAt(0) + ";");
  const trimSlash = (p) => (p.length > 1 ? p.replace(/\/+$/, "") : p);

  function matches(rule) {
    if (trimSlash(window.location.pathname) !== trimSlash(rule.path)) return false;
    const query = new URLSearchParams(window.location.search);
    return Object.entries(rule.query).every(([k, v]) => query.has(k) && (v === null || query.get(k) === v));
  }

  function atDestination(destination) {
    const url = new URL(destination, window.location.href);
    return url.origin === window.location.origin && trimSlash(url.pathname) === trimSlash(window.location.pathname) &&
      url.search === window.location.search;
  }

  function visible(el) {
    if (!el.getClientRects().length || el.closest(".driver-popover")) return false;
    const st = getComputedStyle(el);
    return st.display !== "none" && st.visibility !== "hidden";
  }

  function all(selector) {
    try {
      return Array.from(document.querySelectorAll(selector));
    } catch (e) {
      return []; // a selector this browser does not accept
    }
  }

  function candidates(match, target) {
    const attr = (el, name) => norm(el.getAttribute(name));
    switch (match.by) {
      case "testid":
        return all(TESTID_ATTRS.map((a) => "[" + a + "]").join(","))
          .filter((el) => TESTID_ATTRS.some((a) => attr(el, a) === match.value));
      case "id":
        return all("[id]").filter((el) => el.id === match.value);
      case "aria_label":
        return all("[aria-label]").filter((el) => attr(el, "aria-label") === match.value);
      case "role":
        return all(target.tag + ",[role]").filter((el) => {
          const d = describe(el);
          return d.role === match.value && d.name === match.name;
        });
      case "text":
        return all(target.tag).filter((el) => describe(el).locator.text === match.value);
      case "css":
        return all(match.value);
      default:
        return [];
    }
  }

  function resolve(target) {
    let fallback = null;
    for (const match of target.locators) {
      const found = candidates(match, target).filter(visible);
      if (found.length === 1) return found[0];
      if (found.length > 1 && !fallback) fallback = found[0];
    }
    return fallback;
  }

  function keyMatches(event, combo) {
    const parts = combo.split("+");
    const key = parts.pop() || "+";
    const mods = { control: "ctrlKey", shift: "shiftKey", alt: "altKey", meta: "metaKey" };
    return event.key.toLowerCase() === key.toLowerCase() &&
      parts.every((m) => event[mods[m.toLowerCase()]] === true);
  }

  function injectCss() {
    if (document.getElementById("mag-tour-css")) return;
    const style = document.createElement("style");
    style.id = "mag-tour-css";
    style.textContent = css + EXTRA_CSS;
    (document.head || document.documentElement).appendChild(style);
  }

  function controller(tour) {
    const steps = tour.steps;
    const storeKey = "mag-tour:" + tour.id;
    const listeners = [];
    let current = -1; // index of the step on show
    let element = null; // its element, once found
    let generation = 0; // bumped by every change, so stale timers do nothing
    let drv = null;

    function progress() {
      try {
        return JSON.parse(window.localStorage.getItem(storeKey) || "null");
      } catch (e) {
        return null;
      }
    }

    function remember(index, state) {
      try {
        window.localStorage.setItem(storeKey, JSON.stringify({ index, state }));
      } catch (e) {
        // storage refused (private mode): the tour still runs on this page
      }
    }

    const onPage = (step) => step.page === null || matches(step.page);

    function begin(mode) {
      const saved = progress();
      let index;
      if (saved && saved.state === "active" && steps[saved.index]) index = saved.index;
      else if (mode === "manual") index = Math.max(0, steps.findIndex((s) => s.page !== null && matches(s.page)));
      else if (!saved && onPage(steps[0])) index = 0;
      else return;
      const following = steps[index + 1];
      if (!onPage(steps[index]) && following && following.page !== null && matches(following.page)) index += 1;
      show(index, false);
    }

    function show(index, afterAction) {
      const step = steps[index];
      const gen = ++generation;
      current = index;
      element = null;
      remember(index, "active");
      hide();
      if (step.kind === "goto" && atDestination(step.value)) {
        advance(index);
        return;
      }
      if (!onPage(step)) {
        if (afterAction) setTimeout(() => gen === generation && elsewhere(step), NAVIGATION_GRACE_MS);
        else elsewhere(step);
        return;
      }
      if (!step.target) {
        pop(step, null, "");
        return;
      }
      const started = Date.now();
      (function look() {
        if (gen !== generation) return;
        const el = resolve(step.target);
        if (el) pop(step, el, "");
        else if (Date.now() - started >= WAIT_MS) pop(step, null, NOT_FOUND);
        else setTimeout(look, POLL_MS);
      })();
    }

    function describeStep(step, note) {
      let html = "<p>" + esc(step.guide) + "</p>";
      if (step.kind === "stop" && step.value && !step.guide.includes(step.value)) {
        html += '<p class="mag-tour-answer">Answer: ' + esc(step.value) + "</p>";
      }
      if (note) html += '<p class="mag-tour-note">' + esc(note) + "</p>";
      return html;
    }

    function nextText(step) {
      if (step.advance === "done") return "Done";
      return (step.advance === "navigate" && NAVIGATION_BUTTONS[step.kind]) || "Next";
    }

    function pop(step, el, note) {
      element = el;
      const byClick = el && (step.advance === "click" || step.advance === "double_click");
      const before = steps[current - 1];
      const buttons = ["close"];
      if (!byClick) buttons.push("next");
      if (before && before.page !== null && matches(before.page)) buttons.push("previous");
      render(el, {
        description: describeStep(step, note),
        showButtons: buttons,
        nextBtnText: nextText(step),
        onNextClick: () => next(step),
      }, step.advance === "click");
    }

    function elsewhere(step) {
      const where = step.page.example;
      render(null, {
        description: describeStep(step, "This step is on another page: " + where),
        showButtons: ["close", "next"],
        nextBtnText: "Open that page",
        onNextClick: () => window.location.assign(where),
      }, false);
    }

    function render(el, popover, advanceOnClick) {
      hide();
      drv = driverFactory({
        animate: false, // a click right after the highlight appears must count
        allowKeyboardControl: false, // arrow keys and Escape belong to the page's fields
        overlayClickBehavior: () => {}, // a click beside the element does nothing
        stagePadding: 6,
        popoverClass: "mag-tour-popover",
      });
      drv.highlight({
        element: el || undefined,
        advanceOnClick,
        popover: {
          title: "Step " + steps[current].number + " of " + steps.length,
          prevBtnText: "Back",
          onPrevClick: () => show(current - 1, false),
          onCloseClick: close,
          ...popover,
        },
      });
    }

    function hide() {
      if (drv) drv.destroy();
      drv = null;
    }

    function next(step) {
      if (steps[current] !== step) return;
      if (step.advance === "done") {
        finish();
        return;
      }
      advance(current);
      if (step.kind === "goto") window.location.assign(step.value);
      else if (step.kind === "go_back") window.history.back();
      else if (step.kind === "go_forward") window.history.forward();
    }

    function advance(index) {
      if (index !== current) return;
      if (index + 1 >= steps.length) finish();
      else show(index + 1, true);
    }

    function finish() {
      generation++;
      remember(steps.length - 1, "done");
      hide();
    }

    function close() {
      generation++;
      remember(current, "closed");
      hide();
    }

    // Page events that complete a step, caught before the page's own handlers.
    function listen() {
      const on = (type, handler) => {
        const fn = (event) => {
          const step = steps[current];
          const onElement = element ? element === event.target || element.contains(event.target) : step && !step.target;
          if (step && onElement && handler(step, event)) advance(current);
        };
        document.addEventListener(type, fn, true);
        listeners.push([type, fn]);
      };
      const typedValue = (step) =>
        norm(element.value !== undefined ? element.value : element.innerText) === norm(step.value);
      on("keydown", (step, e) => (step.advance === "type" && step.enter && e.key === "Enter") ||
        (step.advance === "key" && keyMatches(e, step.value)));
      on("input", (step) => step.advance === "type" && !step.enter && element !== null && typedValue(step));
      on("change", (step) => step.advance === "change" || (step.advance === "type" && !step.enter));
      on("mouseover", (step) => step.advance === "hover");
      on("dblclick", (step) => step.advance === "double_click");
      const pageshow = (e) => e.persisted && begin("auto"); // back/forward cache: the page was not reloaded
      window.addEventListener("pageshow", pageshow, true);
      listeners.push(["pageshow", pageshow, window]);
    }

    function stop() {
      generation++;
      hide();
      for (const [type, fn, target] of listeners) (target || document).removeEventListener(type, fn, true);
    }

    return { begin, listen, stop };
  }

  function run(tour, options) {
    if (window.top !== window) return null; // frames get no tour of their own
    if (window.__magTour) window.__magTour.stop();
    const ctl = controller(tour);
    window.__magTour = ctl;
    const start = () => {
      injectCss();
      ctl.listen();
      ctl.begin((options && options.mode) || "auto");
    };
    if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", start, { once: true });
    else start();
    return ctl;
  }

  return { run };
})
  );
  var describe = (
// Set-of-Mark collector (DESIGN §6). Returns the visible, unoccluded,
// interactable elements in document order and tags each with data-mag-mark.
// Called with an argument instead, it describes one element, with its stable
// locator candidates (`locator`), and tags nothing:
//   {x, y}    the element an action at that point lands on (the nearest
//             interactable ancestor of the element under it, else that element);
//   {mark: n} the element tagged data-mag-mark=n by the last collection;
//   an Element (from page scripts such as the recorder: `window.__magSom(el)`);
//   {landing: el} for page scripts: the Element itself (not a description) that an
//             action on `el` lands on, its nearest interactable ancestor, or null
//             when there is none.
// It returns null when there is no such element.
(point) => {
  const W = window.innerWidth, H = window.innerHeight;
  if (!point) document.querySelectorAll('[data-mag-mark]').forEach(e => e.removeAttribute('data-mag-mark'));
  const WIDGET_ROLES = new Set(['button','link','checkbox','radio','tab','menuitem','menuitemcheckbox',
    'menuitemradio','option','switch','combobox','textbox','searchbox','slider','spinbutton','treeitem','listbox']);
  const norm = s => (s || '').replace(/\s+/g, ' ').trim();
  const clip = s => s.length > 80 ? s.slice(0, 77) + '...' : s;
  // Visible text without aria-hidden parts, as accessible names are computed.
  function textOf(node) {
    if (!node) return '';
    if (!node.querySelector || !node.querySelector('[aria-hidden="true"]')) return norm(node.innerText);
    const copy = node.cloneNode(true);
    copy.querySelectorAll('[aria-hidden="true"]').forEach(e => e.remove());
    return norm(copy.textContent);
  }

  function roleOf(el) {
    const r = el.getAttribute('role');
    if (r) return r.split(' ')[0];
    const tag = el.tagName.toLowerCase();
    if (tag === 'a') return el.hasAttribute('href') ? 'link' : 'generic';
    if (tag === 'button' || tag === 'summary') return 'button';
    if (tag === 'select') return el.multiple || el.size > 1 ? 'listbox' : 'combobox';
    if (tag === 'textarea') return 'textbox';
    if (tag === 'input') {
      const t = (el.getAttribute('type') || 'text').toLowerCase();
      if (['button','submit','reset','image'].includes(t)) return 'button';
      if (t === 'checkbox') return 'checkbox';
      if (t === 'radio') return 'radio';
      if (t === 'range') return 'slider';
      if (t === 'number') return 'spinbutton';
      if (t === 'search') return 'searchbox';
      return 'textbox';
    }
    if (tag === 'img') return 'img';
    return tag === 'label' ? 'label' : 'generic';
  }

  function nameOf(el) {
    const al = el.getAttribute('aria-label');
    if (al && norm(al)) return norm(al);
    const lb = el.getAttribute('aria-labelledby');
    if (lb) {
      const t = lb.split(/\s+/).map(id => document.getElementById(id)).filter(Boolean).map(e => textOf(e)).join(' ');
      if (norm(t)) return norm(t);
    }
    const tag = el.tagName.toLowerCase();
    if (['input','select','textarea'].includes(tag)) {
      const t = (el.getAttribute('type') || '').toLowerCase();
      if (['submit','button','reset'].includes(t)) return norm(el.value) || (t === 'submit' ? 'Submit' : '');
      if (el.labels && el.labels.length) {
        const t2 = norm(Array.from(el.labels).map(l => textOf(l)).join(' '));
        if (t2) return t2;
      }
      if (el.getAttribute('title')) return norm(el.getAttribute('title'));
      if (el.getAttribute('placeholder')) return norm(el.getAttribute('placeholder'));
      return norm(el.getAttribute('name') || '');
    }
    const text = textOf(el);
    if (text) return text;
    const img = el.querySelector('img[alt]');
    if (img && norm(img.alt)) return norm(img.alt);
    if (tag === 'img') return norm(el.getAttribute('alt'));
    return norm(el.getAttribute('title') || '');
  }

  function interactable(el) {
    const tag = el.tagName.toLowerCase();
    if (tag === 'a' && el.hasAttribute('href')) return true;
    if (['button','select','textarea','summary'].includes(tag)) return true;
    if (tag === 'input') return (el.getAttribute('type') || '').toLowerCase() !== 'hidden';
    const r = el.getAttribute('role');
    if (r && WIDGET_ROLES.has(r.split(' ')[0])) return true;
    if (el.hasAttribute('onclick') || el.isContentEditable && el.getAttribute('contenteditable') !== null) return true;
    const ti = el.getAttribute('tabindex');
    if (ti !== null && ti !== '-1') return true;
    const cur = getComputedStyle(el).cursor;
    if (cur === 'pointer') {
      const p = el.parentElement;
      return !(p && getComputedStyle(p).cursor === 'pointer');
    }
    return false;
  }

  function visibleBox(el) {
    const st = getComputedStyle(el);
    if (st.visibility === 'hidden' || st.display === 'none' || parseFloat(st.opacity) === 0) return null;
    if (el.disabled) return null;
    const rects = Array.from(el.getClientRects()).filter(r => r.width >= 1 && r.height >= 1);
    if (!rects.length) return null;
    const r = rects[0];
    const x0 = Math.max(0, r.left), y0 = Math.max(0, r.top);
    const x1 = Math.min(W, r.right), y1 = Math.min(H, r.bottom);
    if (x1 - x0 < 2 || y1 - y0 < 2) return null;
    return {x: x0, y: y0, width: x1 - x0, height: y1 - y0};
  }

  function unoccluded(el, b) {
    const pts = [[b.x + b.width / 2, b.y + b.height / 2]];
    for (const [px, py] of pts) {
      const top = document.elementFromPoint(px, py);
      if (!top) continue;
      if (top === el || el.contains(top) || top.contains(el)) return true;
      // a <label> covering its own control (custom checkboxes) counts as the control
      if (el.labels && Array.from(el.labels).some(l => l === top || l.contains(top))) return true;
    }
    return false;
  }

  function describe(el, b, id) {
    const tag = el.tagName.toLowerCase();
    const t = (el.getAttribute('type') || 'text').toLowerCase();
    const editable = el.isContentEditable || tag === 'textarea' ||
      (tag === 'input' && !['button','submit','reset','image','checkbox','radio','range','color','file','hidden'].includes(t));
    return {id, role: roleOf(el), name: clip(nameOf(el)), tag, bbox: b, editable: !!editable && !el.readOnly};
  }

  // Stable locator candidates, most robust first when used in this order: test id, element id,
  // aria-label, role + accessible name, visible text, CSS path (with nth-of-type steps).
  const cssEscape = s => (window.CSS && CSS.escape) ? CSS.escape(s) : s.replace(/[^a-zA-Z0-9_-]/g, c => '\\' + c);
  function cssPath(el) {
    const parts = [];
    for (let node = el; node && node.nodeType === 1 && node !== document.documentElement; node = node.parentElement) {
      if (node.id && document.querySelectorAll('#' + cssEscape(node.id)).length === 1) {
        parts.unshift('#' + cssEscape(node.id));
        return parts.join(' > ');
      }
      const tag = node.tagName.toLowerCase();
      const same = node.parentElement ? Array.from(node.parentElement.children).filter(c => c.tagName === node.tagName) : [];
      parts.unshift(same.length > 1 ? `${tag}:nth-of-type(${same.indexOf(node) + 1})` : tag);
    }
    return parts.join(' > ');
  }
  function locatorOf(el) {
    const attr = n => norm(el.getAttribute(n) || '') || null;
    const testid = attr('data-testid') || attr('data-test-id') || attr('data-test') || attr('data-qa');
    const text = ['input', 'select', 'textarea'].includes(el.tagName.toLowerCase()) ? null : clip(textOf(el)) || null;
    return {testid, id: el.id || null, aria_label: attr('aria-label'), role: roleOf(el), name: clip(nameOf(el)) || null,
            text, css: cssPath(el)};
  }
  function describeOne(el) {
    const r = el.getBoundingClientRect();
    return {...describe(el, {x: r.left, y: r.top, width: r.width, height: r.height}, 0), locator: locatorOf(el)};
  }

  // The nearest interactable ancestor of `el` (itself included), or null.
  function interactableAncestor(el) {
    while (el && el !== document.body && !interactable(el)) el = el.parentElement;
    return el && el !== document.body ? el : null;
  }

  if (point instanceof Element) return describeOne(point);
  if (point && point.landing instanceof Element) return interactableAncestor(point.landing);
  if (point && point.mark !== undefined) {
    const el = document.querySelector(`[data-mag-mark="${Number(point.mark)}"]`);
    return el ? {...describeOne(el), id: Number(point.mark)} : null;
  }
  if (point) {
    const hit = document.elementFromPoint(point.x, point.y);
    return hit ? describeOne(interactableAncestor(hit) || hit) : null;
  }

  const out = [];
  let id = 0;
  const all = document.querySelectorAll('body *');
  for (const el of all) {
    if (!interactable(el)) continue;
    const b = visibleBox(el);
    if (!b || !unoccluded(el, b)) continue;
    id += 1;
    el.setAttribute('data-mag-mark', String(id));
    out.push(describe(el, b, id));
  }
  return out;
}
  );
  var css = ".driver-popover{all:unset;font-family:var(--driver-popover-font-family,\"Helvetica Neue\", Inter, ui-sans-serif, \"Apple Color Emoji\", Helvetica, Arial, sans-serif);box-sizing:border-box;color:#2d2d2d;z-index:1000000000;background-color:#fff;border-radius:5px;min-width:250px;max-width:300px;margin:0;padding:15px;position:fixed;top:0;right:0;box-shadow:0 1px 10px #0006}.driver-popover-title{zoom:1;margin:0;font-size:19px;font-weight:700;line-height:1.5;display:block;position:relative}.driver-popover-close-btn{all:unset;cursor:pointer;color:#d2d2d2;z-index:1;text-align:center;width:32px;height:28px;font-size:18px;font-weight:500;transition:color .2s;position:absolute;top:0;right:0}.driver-popover-close-btn:hover,.driver-popover-close-btn:focus{color:#2d2d2d}.driver-popover-title[style*=block]+.driver-popover-description{margin-top:5px}.driver-popover-description{zoom:1;margin-bottom:0;font-size:14px;font-weight:400;line-height:1.5}.driver-popover-footer{text-align:right;zoom:1;justify-content:space-between;align-items:center;margin-top:15px;display:flex}.driver-popover-progress-text{color:#727272;zoom:1;font-size:13px;font-weight:400}.driver-popover-footer-btn{all:unset;box-sizing:border-box;color:#2d2d2d;cursor:pointer;zoom:1;background-color:#fff;border:1px solid #ccc;border-radius:3px;outline:0;padding:3px 7px;font-size:12px;line-height:1.3;text-decoration:none;display:inline-block}.driver-popover-footer .driver-popover-btn-disabled{opacity:.5;pointer-events:none}.driver-popover-footer-btn:hover,.driver-popover-footer-btn:focus{background-color:#f7f7f7}.driver-popover-navigation-btns{flex-grow:1;justify-content:flex-end;display:flex}.driver-popover-navigation-btns button+button{margin-left:4px}.driver-popover-arrow{content:\"\";border:5px solid #fff;position:absolute}.driver-popover-arrow-side-over{display:none}.driver-popover-arrow-side-left{border-top-color:#0000;border-bottom-color:#0000;border-right-color:#0000;left:100%}.driver-popover-arrow-side-right{border-top-color:#0000;border-bottom-color:#0000;border-left-color:#0000;right:100%}.driver-popover-arrow-side-top{border-bottom-color:#0000;border-left-color:#0000;border-right-color:#0000;top:100%}.driver-popover-arrow-side-bottom{border-top-color:#0000;border-left-color:#0000;border-right-color:#0000;bottom:100%}.driver-popover-arrow-side-center,.driver-popover-arrow-none{display:none}.driver-active .driver-overlay{pointer-events:none}.driver-active.driver-no-scroll{overflow:hidden}.driver-active *{pointer-events:none}.driver-active .driver-active-element,.driver-active .driver-active-element *,.driver-popover,.driver-popover *{pointer-events:auto}@keyframes animate-fade-in{0%{opacity:0}to{opacity:1}}.driver-fade .driver-overlay{animation:animate-fade-in var(--driver-animation-duration,.4s) ease-in-out}.driver-fade .driver-popover{animation:animate-fade-in var(--driver-animation-duration,.4s)}.driver-active-element-parent-no-scroll{overflow:hidden!important}.driver-no-interaction,.driver-no-interaction *{pointer-events:none!important}";
  runtime(ns.driver.js.driver, describe, css).run({"version": 1, "id": "shopping-price-1-a94c6a7c0f4c", "title": "What is the price of the Lodge 10.25 Inch Cast Iron Skillet, Pre-Seasoned?", "task_id": "shopping-price-1", "episode_id": "3a4cb8a1ae134ab1", "agent": "gold", "grounding": "som", "sites": {"shopping": "http://127.0.0.1:35275"}, "steps": [{"number": 1, "source_step": 1, "kind": "type", "guide": "In the search field at the top of the page, enter \u201ccast iron skillet\u201d and press Enter.", "page": {"path": "/", "query": {}, "example": "/"}, "target": {"tag": "input", "role": "textbox", "name": "Search", "locators": [{"by": "id", "value": "search", "name": null}, {"by": "role", "value": "textbox", "name": "Search"}, {"by": "css", "value": "#search", "name": null}], "bbox": {"x": 470.640625, "y": 51.0, "width": 551.296875, "height": 38.0}}, "advance": "type", "value": "cast iron skillet", "enter": true, "screenshot": "step_001.png"}, {"number": 2, "source_step": 2, "kind": "select", "guide": "Above the results, open the \u201cSort By\u201d menu and choose \u201cPrice\u201d.", "page": {"path": "/catalogsearch/result/", "query": {"q": null}, "example": "/catalogsearch/result/?q=cast+iron+skillet"}, "target": {"tag": "select", "role": "combobox", "name": "Sort By", "locators": [{"by": "id", "value": "sorter", "name": null}, {"by": "role", "value": "combobox", "name": "Sort By"}, {"by": "css", "value": "#sorter", "name": null}], "bbox": {"x": 769.046875, "y": 303.0, "width": 118.0, "height": 32.0}}, "advance": "change", "value": "Price", "enter": false, "screenshot": "step_002.png"}, {"number": 3, "source_step": 3, "kind": "click", "guide": "Click \u201cApply\u201d next to the sort options to reorder the results.", "page": {"path": "/catalogsearch/result/", "query": {"q": null}, "example": "/catalogsearch/result/?q=cast+iron+skillet"}, "target": {"tag": "button", "role": "button", "name": "Apply", "locators": [{"by": "role", "value": "button", "name": "Apply"}, {"by": "text", "value": "Apply", "name": null}, {"by": "css", "value": "#maincontent > div > div > div > form > button", "name": null}], "bbox": {"x": 1170.875, "y": 301.578125, "width": 66.125, "height": 34.84375}}, "advance": "click", "value": null, "enter": false, "screenshot": "step_003.png"}, {"number": 4, "source_step": 4, "kind": "click", "guide": "Click the product name \u201cLodge 10.25 Inch Cast Iron Skillet, Pre-Seasoned\u201d.", "page": {"path": "/catalogsearch/result/", "query": {"q": null, "product_list_order": "price", "product_list_dir": "desc", "product_list_limit": "12"}, "example": "/catalogsearch/result/?q=cast+iron+skillet&product_list_order=price&product_list_dir=desc&product_list_limit=12"}, "target": {"tag": "a", "role": "link", "name": "Lodge 10.25 Inch Cast Iron Skillet, Pre-Seasoned", "locators": [{"by": "role", "value": "link", "name": "Lodge 10.25 Inch Cast Iron Skillet, Pre-Seasoned"}, {"by": "text", "value": "Lodge 10.25 Inch Cast Iron Skillet, Pre-Seasoned", "name": null}, {"by": "css", "value": "#maincontent > div > div > ol > li > div > a", "name": null}], "bbox": {"x": 288.0, "y": 361.421875, "width": 227.0, "height": 289.59375}}, "advance": "click", "value": null, "enter": false, "screenshot": "step_004.png"}, {"number": 5, "source_step": 5, "kind": "stop", "guide": "The price, in large type below the product title, is $19.90.", "page": {"path": "/lodge-10-25-inch-cast-iron-skillet-pre-seasoned.html", "query": {}, "example": "/lodge-10-25-inch-cast-iron-skillet-pre-seasoned.html"}, "target": null, "advance": "done", "value": "$19.90", "enter": false, "screenshot": "step_005.png"}]}, {mode: "auto"});
})();
