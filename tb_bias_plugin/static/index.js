var xo=Object.defineProperty;var rh=Object.getOwnPropertyDescriptor;var $o=t=>e=>{var n=t[e];if(n)return n();throw new Error("Module not found in bundle: "+e)};var w=(t,e,n)=>()=>{if(n)throw n[0];try{return t&&(e=t(t=0)),e}catch(i){throw n=[i],i}};var So=(t,e)=>{for(var n in e)xo(t,n,{get:e[n],enumerable:!0})};var v=(t,e,n,i)=>{for(var r=i>1?void 0:i?rh(e,n):e,s=t.length-1,o;s>=0;s--)(o=t[s])&&(r=(i?o(e,n,r):o(r))||r);return i&&r&&xo(e,n,r),r};var Hn,Vn,cr,Mo,Ke,qn,j,Eo,hr,fr=w(()=>{Hn=globalThis,Vn=Hn.ShadowRoot&&(Hn.ShadyCSS===void 0||Hn.ShadyCSS.nativeShadow)&&"adoptedStyleSheets"in Document.prototype&&"replace"in CSSStyleSheet.prototype,cr=Symbol(),Mo=new WeakMap,Ke=class{constructor(e,n,i){if(this._$cssResult$=!0,i!==cr)throw Error("CSSResult is not constructable. Use `unsafeCSS` or `css` instead.");this.cssText=e,this.t=n}get styleSheet(){let e=this.o,n=this.t;if(Vn&&e===void 0){let i=n!==void 0&&n.length===1;i&&(e=Mo.get(n)),e===void 0&&((this.o=e=new CSSStyleSheet).replaceSync(this.cssText),i&&Mo.set(n,e))}return e}toString(){return this.cssText}},qn=t=>new Ke(typeof t=="string"?t:t+"",void 0,cr),j=(t,...e)=>{let n=t.length===1?t[0]:e.reduce((i,r,s)=>i+(o=>{if(o._$cssResult$===!0)return o.cssText;if(typeof o=="number")return o;throw Error("Value passed to 'css' function must be a 'css' function result: "+o+". Use 'unsafeCSS' to pass non-literal values, but take care to ensure page security.")})(r)+t[s+1],t[0]);return new Ke(n,t,cr)},Eo=(t,e)=>{if(Vn)t.adoptedStyleSheets=e.map(n=>n instanceof CSSStyleSheet?n:n.styleSheet);else for(let n of e){let i=document.createElement("style"),r=Hn.litNonce;r!==void 0&&i.setAttribute("nonce",r),i.textContent=n.cssText,t.appendChild(i)}},hr=Vn?t=>t:t=>t instanceof CSSStyleSheet?(e=>{let n="";for(let i of e.cssRules)n+=i.cssText;return qn(n)})(t):t});var sh,oh,ah,lh,uh,ch,Bn,ko,hh,fh,Xe,Ye,Un,Co,Et,Ge=w(()=>{fr();fr();({is:sh,defineProperty:oh,getOwnPropertyDescriptor:ah,getOwnPropertyNames:lh,getOwnPropertySymbols:uh,getPrototypeOf:ch}=Object),Bn=globalThis,ko=Bn.trustedTypes,hh=ko?ko.emptyScript:"",fh=Bn.reactiveElementPolyfillSupport,Xe=(t,e)=>t,Ye={toAttribute(t,e){switch(e){case Boolean:t=t?hh:null;break;case Object:case Array:t=t==null?t:JSON.stringify(t)}return t},fromAttribute(t,e){let n=t;switch(e){case Boolean:n=t!==null;break;case Number:n=t===null?null:Number(t);break;case Object:case Array:try{n=JSON.parse(t)}catch{n=null}}return n}},Un=(t,e)=>!sh(t,e),Co={attribute:!0,type:String,converter:Ye,reflect:!1,useDefault:!1,hasChanged:Un};Symbol.metadata??=Symbol("metadata"),Bn.litPropertyMetadata??=new WeakMap;Et=class extends HTMLElement{static addInitializer(e){this._$Ei(),(this.l??=[]).push(e)}static get observedAttributes(){return this.finalize(),this._$Eh&&[...this._$Eh.keys()]}static createProperty(e,n=Co){if(n.state&&(n.attribute=!1),this._$Ei(),this.prototype.hasOwnProperty(e)&&((n=Object.create(n)).wrapped=!0),this.elementProperties.set(e,n),!n.noAccessor){let i=Symbol(),r=this.getPropertyDescriptor(e,i,n);r!==void 0&&oh(this.prototype,e,r)}}static getPropertyDescriptor(e,n,i){let{get:r,set:s}=ah(this.prototype,e)??{get(){return this[n]},set(o){this[n]=o}};return{get:r,set(o){let a=r?.call(this);s?.call(this,o),this.requestUpdate(e,a,i)},configurable:!0,enumerable:!0}}static getPropertyOptions(e){return this.elementProperties.get(e)??Co}static _$Ei(){if(this.hasOwnProperty(Xe("elementProperties")))return;let e=ch(this);e.finalize(),e.l!==void 0&&(this.l=[...e.l]),this.elementProperties=new Map(e.elementProperties)}static finalize(){if(this.hasOwnProperty(Xe("finalized")))return;if(this.finalized=!0,this._$Ei(),this.hasOwnProperty(Xe("properties"))){let n=this.properties,i=[...lh(n),...uh(n)];for(let r of i)this.createProperty(r,n[r])}let e=this[Symbol.metadata];if(e!==null){let n=litPropertyMetadata.get(e);if(n!==void 0)for(let[i,r]of n)this.elementProperties.set(i,r)}this._$Eh=new Map;for(let[n,i]of this.elementProperties){let r=this._$Eu(n,i);r!==void 0&&this._$Eh.set(r,n)}this.elementStyles=this.finalizeStyles(this.styles)}static finalizeStyles(e){let n=[];if(Array.isArray(e)){let i=new Set(e.flat(1/0).reverse());for(let r of i)n.unshift(hr(r))}else e!==void 0&&n.push(hr(e));return n}static _$Eu(e,n){let i=n.attribute;return i===!1?void 0:typeof i=="string"?i:typeof e=="string"?e.toLowerCase():void 0}constructor(){super(),this._$Ep=void 0,this.isUpdatePending=!1,this.hasUpdated=!1,this._$Em=null,this._$Ev()}_$Ev(){this._$ES=new Promise(e=>this.enableUpdating=e),this._$AL=new Map,this._$E_(),this.requestUpdate(),this.constructor.l?.forEach(e=>e(this))}addController(e){(this._$EO??=new Set).add(e),this.renderRoot!==void 0&&this.isConnected&&e.hostConnected?.()}removeController(e){this._$EO?.delete(e)}_$E_(){let e=new Map,n=this.constructor.elementProperties;for(let i of n.keys())this.hasOwnProperty(i)&&(e.set(i,this[i]),delete this[i]);e.size>0&&(this._$Ep=e)}createRenderRoot(){let e=this.shadowRoot??this.attachShadow(this.constructor.shadowRootOptions);return Eo(e,this.constructor.elementStyles),e}connectedCallback(){this.renderRoot??=this.createRenderRoot(),this.enableUpdating(!0),this._$EO?.forEach(e=>e.hostConnected?.())}enableUpdating(e){}disconnectedCallback(){this._$EO?.forEach(e=>e.hostDisconnected?.())}attributeChangedCallback(e,n,i){this._$AK(e,i)}_$ET(e,n){let i=this.constructor.elementProperties.get(e),r=this.constructor._$Eu(e,i);if(r!==void 0&&i.reflect===!0){let s=(i.converter?.toAttribute!==void 0?i.converter:Ye).toAttribute(n,i.type);this._$Em=e,s==null?this.removeAttribute(r):this.setAttribute(r,s),this._$Em=null}}_$AK(e,n){let i=this.constructor,r=i._$Eh.get(e);if(r!==void 0&&this._$Em!==r){let s=i.getPropertyOptions(r),o=typeof s.converter=="function"?{fromAttribute:s.converter}:s.converter?.fromAttribute!==void 0?s.converter:Ye;this._$Em=r;let a=o.fromAttribute(n,s.type);this[r]=a??this._$Ej?.get(r)??a,this._$Em=null}}requestUpdate(e,n,i,r=!1,s){if(e!==void 0){let o=this.constructor;if(r===!1&&(s=this[e]),i??=o.getPropertyOptions(e),!((i.hasChanged??Un)(s,n)||i.useDefault&&i.reflect&&s===this._$Ej?.get(e)&&!this.hasAttribute(o._$Eu(e,i))))return;this.C(e,n,i)}this.isUpdatePending===!1&&(this._$ES=this._$EP())}C(e,n,{useDefault:i,reflect:r,wrapped:s},o){i&&!(this._$Ej??=new Map).has(e)&&(this._$Ej.set(e,o??n??this[e]),s!==!0||o!==void 0)||(this._$AL.has(e)||(this.hasUpdated||i||(n=void 0),this._$AL.set(e,n)),r===!0&&this._$Em!==e&&(this._$Eq??=new Set).add(e))}async _$EP(){this.isUpdatePending=!0;try{await this._$ES}catch(n){Promise.reject(n)}let e=this.scheduleUpdate();return e!=null&&await e,!this.isUpdatePending}scheduleUpdate(){return this.performUpdate()}performUpdate(){if(!this.isUpdatePending)return;if(!this.hasUpdated){if(this.renderRoot??=this.createRenderRoot(),this._$Ep){for(let[r,s]of this._$Ep)this[r]=s;this._$Ep=void 0}let i=this.constructor.elementProperties;if(i.size>0)for(let[r,s]of i){let{wrapped:o}=s,a=this[r];o!==!0||this._$AL.has(r)||a===void 0||this.C(r,void 0,s,a)}}let e=!1,n=this._$AL;try{e=this.shouldUpdate(n),e?(this.willUpdate(n),this._$EO?.forEach(i=>i.hostUpdate?.()),this.update(n)):this._$EM()}catch(i){throw e=!1,this._$EM(),i}e&&this._$AE(n)}willUpdate(e){}_$AE(e){this._$EO?.forEach(n=>n.hostUpdated?.()),this.hasUpdated||(this.hasUpdated=!0,this.firstUpdated(e)),this.updated(e)}_$EM(){this._$AL=new Map,this.isUpdatePending=!1}get updateComplete(){return this.getUpdateComplete()}getUpdateComplete(){return this._$ES}shouldUpdate(e){return!0}update(e){this._$Eq&&=this._$Eq.forEach(n=>this._$ET(n,this[n])),this._$EM()}updated(e){}firstUpdated(e){}};Et.elementStyles=[],Et.shadowRootOptions={mode:"open"},Et[Xe("elementProperties")]=new Map,Et[Xe("finalized")]=new Map,fh?.({ReactiveElement:Et}),(Bn.reactiveElementVersions??=[]).push("2.1.2")});function Do(t,e){if(!_r(t)||!t.hasOwnProperty("raw"))throw Error("invalid template strings array");return To!==void 0?To.createHTML(e):e}function Qt(t,e,n=t,i){if(e===ct)return e;let r=i!==void 0?n._$Co?.[i]:n._$Cl,s=Je(e)?void 0:e._$litDirective$;return r?.constructor!==s&&(r?._$AO?.(!1),s===void 0?r=void 0:(r=new s(t),r._$AT(t,n,i)),i!==void 0?(n._$Co??=[])[i]=r:n._$Cl=r),r!==void 0&&(e=Qt(t,r._$AS(t,e.values),r,i)),e}var pr,Ro,jn,To,mr,kt,gr,dh,Gt,Ze,Je,_r,Io,dr,Qe,Ao,Po,Xt,Oo,No,Lo,yr,y,ht,jg,ct,$,zo,Yt,Fo,tn,Wn,ge,Zt,Kn,Xn,Yn,Gn,Ho,ph,Vo,Jt=w(()=>{pr=globalThis,Ro=t=>t,jn=pr.trustedTypes,To=jn?jn.createPolicy("lit-html",{createHTML:t=>t}):void 0,mr="$lit$",kt=`lit$${Math.random().toFixed(9).slice(2)}$`,gr="?"+kt,dh=`<${gr}>`,Gt=document,Ze=()=>Gt.createComment(""),Je=t=>t===null||typeof t!="object"&&typeof t!="function",_r=Array.isArray,Io=t=>_r(t)||typeof t?.[Symbol.iterator]=="function",dr=`[ 	
\f\r]`,Qe=/<(?:(!--|\/[^a-zA-Z])|(\/?[a-zA-Z][^>\s]*)|(\/?$))/g,Ao=/-->/g,Po=/>/g,Xt=RegExp(`>|${dr}(?:([^\\s"'>=/]+)(${dr}*=${dr}*(?:[^ 	
\f\r"'\`<>=]|("|')|))|$)`,"g"),Oo=/'/g,No=/"/g,Lo=/^(?:script|style|textarea|title)$/i,yr=t=>(e,...n)=>({_$litType$:t,strings:e,values:n}),y=yr(1),ht=yr(2),jg=yr(3),ct=Symbol.for("lit-noChange"),$=Symbol.for("lit-nothing"),zo=new WeakMap,Yt=Gt.createTreeWalker(Gt,129);Fo=(t,e)=>{let n=t.length-1,i=[],r,s=e===2?"<svg>":e===3?"<math>":"",o=Qe;for(let a=0;a<n;a++){let l=t[a],u,h,c=-1,f=0;for(;f<l.length&&(o.lastIndex=f,h=o.exec(l),h!==null);)f=o.lastIndex,o===Qe?h[1]==="!--"?o=Ao:h[1]!==void 0?o=Po:h[2]!==void 0?(Lo.test(h[2])&&(r=RegExp("</"+h[2],"g")),o=Xt):h[3]!==void 0&&(o=Xt):o===Xt?h[0]===">"?(o=r??Qe,c=-1):h[1]===void 0?c=-2:(c=o.lastIndex-h[2].length,u=h[1],o=h[3]===void 0?Xt:h[3]==='"'?No:Oo):o===No||o===Oo?o=Xt:o===Ao||o===Po?o=Qe:(o=Xt,r=void 0);let d=o===Xt&&t[a+1].startsWith("/>")?" ":"";s+=o===Qe?l+dh:c>=0?(i.push(u),l.slice(0,c)+mr+l.slice(c)+kt+d):l+kt+(c===-2?a:d)}return[Do(t,s+(t[n]||"<?>")+(e===2?"</svg>":e===3?"</math>":"")),i]},tn=class t{constructor({strings:e,_$litType$:n},i){let r;this.parts=[];let s=0,o=0,a=e.length-1,l=this.parts,[u,h]=Fo(e,n);if(this.el=t.createElement(u,i),Yt.currentNode=this.el.content,n===2||n===3){let c=this.el.content.firstChild;c.replaceWith(...c.childNodes)}for(;(r=Yt.nextNode())!==null&&l.length<a;){if(r.nodeType===1){if(r.hasAttributes())for(let c of r.getAttributeNames())if(c.endsWith(mr)){let f=h[o++],d=r.getAttribute(c).split(kt),m=/([.?@])?(.*)/.exec(f);l.push({type:1,index:s,name:m[2],strings:d,ctor:m[1]==="."?Kn:m[1]==="?"?Xn:m[1]==="@"?Yn:Zt}),r.removeAttribute(c)}else c.startsWith(kt)&&(l.push({type:6,index:s}),r.removeAttribute(c));if(Lo.test(r.tagName)){let c=r.textContent.split(kt),f=c.length-1;if(f>0){r.textContent=jn?jn.emptyScript:"";for(let d=0;d<f;d++)r.append(c[d],Ze()),Yt.nextNode(),l.push({type:2,index:++s});r.append(c[f],Ze())}}}else if(r.nodeType===8)if(r.data===gr)l.push({type:2,index:s});else{let c=-1;for(;(c=r.data.indexOf(kt,c+1))!==-1;)l.push({type:7,index:s}),c+=kt.length-1}s++}}static createElement(e,n){let i=Gt.createElement("template");return i.innerHTML=e,i}};Wn=class{constructor(e,n){this._$AV=[],this._$AN=void 0,this._$AD=e,this._$AM=n}get parentNode(){return this._$AM.parentNode}get _$AU(){return this._$AM._$AU}u(e){let{el:{content:n},parts:i}=this._$AD,r=(e?.creationScope??Gt).importNode(n,!0);Yt.currentNode=r;let s=Yt.nextNode(),o=0,a=0,l=i[0];for(;l!==void 0;){if(o===l.index){let u;l.type===2?u=new ge(s,s.nextSibling,this,e):l.type===1?u=new l.ctor(s,l.name,l.strings,this,e):l.type===6&&(u=new Gn(s,this,e)),this._$AV.push(u),l=i[++a]}o!==l?.index&&(s=Yt.nextNode(),o++)}return Yt.currentNode=Gt,r}p(e){let n=0;for(let i of this._$AV)i!==void 0&&(i.strings!==void 0?(i._$AI(e,i,n),n+=i.strings.length-2):i._$AI(e[n])),n++}},ge=class t{get _$AU(){return this._$AM?._$AU??this._$Cv}constructor(e,n,i,r){this.type=2,this._$AH=$,this._$AN=void 0,this._$AA=e,this._$AB=n,this._$AM=i,this.options=r,this._$Cv=r?.isConnected??!0}get parentNode(){let e=this._$AA.parentNode,n=this._$AM;return n!==void 0&&e?.nodeType===11&&(e=n.parentNode),e}get startNode(){return this._$AA}get endNode(){return this._$AB}_$AI(e,n=this){e=Qt(this,e,n),Je(e)?e===$||e==null||e===""?(this._$AH!==$&&this._$AR(),this._$AH=$):e!==this._$AH&&e!==ct&&this._(e):e._$litType$!==void 0?this.$(e):e.nodeType!==void 0?this.T(e):Io(e)?this.k(e):this._(e)}O(e){return this._$AA.parentNode.insertBefore(e,this._$AB)}T(e){this._$AH!==e&&(this._$AR(),this._$AH=this.O(e))}_(e){this._$AH!==$&&Je(this._$AH)?this._$AA.nextSibling.data=e:this.T(Gt.createTextNode(e)),this._$AH=e}$(e){let{values:n,_$litType$:i}=e,r=typeof i=="number"?this._$AC(e):(i.el===void 0&&(i.el=tn.createElement(Do(i.h,i.h[0]),this.options)),i);if(this._$AH?._$AD===r)this._$AH.p(n);else{let s=new Wn(r,this),o=s.u(this.options);s.p(n),this.T(o),this._$AH=s}}_$AC(e){let n=zo.get(e.strings);return n===void 0&&zo.set(e.strings,n=new tn(e)),n}k(e){_r(this._$AH)||(this._$AH=[],this._$AR());let n=this._$AH,i,r=0;for(let s of e)r===n.length?n.push(i=new t(this.O(Ze()),this.O(Ze()),this,this.options)):i=n[r],i._$AI(s),r++;r<n.length&&(this._$AR(i&&i._$AB.nextSibling,r),n.length=r)}_$AR(e=this._$AA.nextSibling,n){for(this._$AP?.(!1,!0,n);e!==this._$AB;){let i=Ro(e).nextSibling;Ro(e).remove(),e=i}}setConnected(e){this._$AM===void 0&&(this._$Cv=e,this._$AP?.(e))}},Zt=class{get tagName(){return this.element.tagName}get _$AU(){return this._$AM._$AU}constructor(e,n,i,r,s){this.type=1,this._$AH=$,this._$AN=void 0,this.element=e,this.name=n,this._$AM=r,this.options=s,i.length>2||i[0]!==""||i[1]!==""?(this._$AH=Array(i.length-1).fill(new String),this.strings=i):this._$AH=$}_$AI(e,n=this,i,r){let s=this.strings,o=!1;if(s===void 0)e=Qt(this,e,n,0),o=!Je(e)||e!==this._$AH&&e!==ct,o&&(this._$AH=e);else{let a=e,l,u;for(e=s[0],l=0;l<s.length-1;l++)u=Qt(this,a[i+l],n,l),u===ct&&(u=this._$AH[l]),o||=!Je(u)||u!==this._$AH[l],u===$?e=$:e!==$&&(e+=(u??"")+s[l+1]),this._$AH[l]=u}o&&!r&&this.j(e)}j(e){e===$?this.element.removeAttribute(this.name):this.element.setAttribute(this.name,e??"")}},Kn=class extends Zt{constructor(){super(...arguments),this.type=3}j(e){this.element[this.name]=e===$?void 0:e}},Xn=class extends Zt{constructor(){super(...arguments),this.type=4}j(e){this.element.toggleAttribute(this.name,!!e&&e!==$)}},Yn=class extends Zt{constructor(e,n,i,r,s){super(e,n,i,r,s),this.type=5}_$AI(e,n=this){if((e=Qt(this,e,n,0)??$)===ct)return;let i=this._$AH,r=e===$&&i!==$||e.capture!==i.capture||e.once!==i.once||e.passive!==i.passive,s=e!==$&&(i===$||r);r&&this.element.removeEventListener(this.name,this,i),s&&this.element.addEventListener(this.name,this,e),this._$AH=e}handleEvent(e){typeof this._$AH=="function"?this._$AH.call(this.options?.host??this.element,e):this._$AH.handleEvent(e)}},Gn=class{constructor(e,n,i){this.element=e,this.type=6,this._$AN=void 0,this._$AM=n,this.options=i}get _$AU(){return this._$AM._$AU}_$AI(e){Qt(this,e)}},Ho={M:mr,P:kt,A:gr,C:1,L:Fo,R:Wn,D:Io,V:Qt,I:ge,H:Zt,N:Xn,U:Yn,B:Kn,F:Gn},ph=pr.litHtmlPolyfillSupport;ph?.(tn,ge),(pr.litHtmlVersions??=[]).push("3.3.3");Vo=(t,e,n)=>{let i=n?.renderBefore??e,r=i._$litPart$;if(r===void 0){let s=n?.renderBefore??null;i._$litPart$=r=new ge(e.insertBefore(Ze(),s),s,void 0,n??{})}return r._$AI(t),r}});var br,D,mh,qo=w(()=>{Ge();Ge();Jt();Jt();br=globalThis,D=class extends Et{constructor(){super(...arguments),this.renderOptions={host:this},this._$Do=void 0}createRenderRoot(){let e=super.createRenderRoot();return this.renderOptions.renderBefore??=e.firstChild,e}update(e){let n=this.render();this.hasUpdated||(this.renderOptions.isConnected=this.isConnected),super.update(e),this._$Do=Vo(n,this.renderRoot,this.renderOptions)}connectedCallback(){super.connectedCallback(),this._$Do?.setConnected(!0)}disconnectedCallback(){super.disconnectedCallback(),this._$Do?.setConnected(!1)}render(){return ct}};D._$litElement$=!0,D.finalized=!0,br.litElementHydrateSupport?.({LitElement:D});mh=br.litElementPolyfillSupport;mh?.({LitElement:D});(br.litElementVersions??=[]).push("4.2.2")});var Bo=w(()=>{});var ot=w(()=>{Ge();Jt();qo();Bo()});var G,Uo=w(()=>{G=t=>(e,n)=>{n!==void 0?n.addInitializer(()=>{customElements.define(t,e)}):customElements.define(t,e)}});function M(t){return(e,n)=>typeof n=="object"?_h(t,e,n):((i,r,s)=>{let o=r.hasOwnProperty(s);return r.constructor.createProperty(s,i),o?Object.getOwnPropertyDescriptor(r,s):void 0})(t,e,n)}var gh,_h,Qn=w(()=>{Ge();gh={attribute:!0,type:String,converter:Ye,reflect:!1,hasChanged:Un},_h=(t=gh,e,n)=>{let{kind:i,metadata:r}=n,s=globalThis.litPropertyMetadata.get(r);if(s===void 0&&globalThis.litPropertyMetadata.set(r,s=new Map),i==="setter"&&((t=Object.create(t)).wrapped=!0),s.set(n.name,t),i==="accessor"){let{name:o}=n;return{set(a){let l=e.get.call(this);e.set.call(this,a),this.requestUpdate(o,l,t,!0,a)},init(a){return a!==void 0&&this.C(o,void 0,t,a),a}}}if(i==="setter"){let{name:o}=n;return function(a){let l=this[o];e.call(this,a),this.requestUpdate(o,l,t,!0,a)}}throw Error("Unsupported decorator location: "+i)}});function z(t){return M({...t,state:!0,attribute:!1})}var jo=w(()=>{Qn();});var Wo=w(()=>{});var _e=w(()=>{});var Ko=w(()=>{_e();});var Xo=w(()=>{_e();});var Yo=w(()=>{_e();});var Go=w(()=>{_e();});var Qo=w(()=>{_e();});var vt=w(()=>{Uo();Qn();jo();Wo();Ko();Xo();Yo();Go();Qo()});var Q,wt=w(()=>{"use strict";ot();Q=j`
  :host {
    --fg: #1f1f1f;
    --muted: #5f6368;
    --border: #dadce0;
    --panel: #ffffff;
    --bg: #f5f6f7;
    --accent: #0072b2;
    --focus: #0072b2;
    --danger: #a4262c;
    --hover: #fff4d6;
    --selected: #e8f1f8;
    color: var(--fg);
    font: 13px/1.4 system-ui, -apple-system, "Segoe UI", Roboto, sans-serif;
    box-sizing: border-box;
  }
  * {
    box-sizing: inherit;
  }
  :focus-visible {
    outline: 2px solid var(--focus);
    outline-offset: 2px;
  }
  button,
  select,
  input {
    font: inherit;
    color: inherit;
  }
  button {
    border: 1px solid var(--border);
    background: #fff;
    border-radius: 4px;
    padding: 3px 8px;
    cursor: pointer;
  }
  button:hover {
    background: #f1f3f4;
  }
  button[disabled] {
    cursor: default;
    opacity: 0.5;
  }
  select,
  input[type="text"],
  input[type="search"],
  input[type="number"] {
    border: 1px solid var(--border);
    border-radius: 4px;
    padding: 3px 6px;
    background: #fff;
    min-width: 0;
  }
  a {
    color: var(--accent);
  }
  .visually-hidden {
    position: absolute;
    width: 1px;
    height: 1px;
    overflow: hidden;
    clip: rect(0 0 0 0);
    white-space: nowrap;
  }
  .error {
    color: var(--danger);
    background: #fdecea;
    border: 1px solid #f5c2c0;
    border-radius: 4px;
    padding: 6px 8px;
    margin: 6px 0;
    overflow-wrap: anywhere;
  }
  .notice {
    background: #fff8e1;
    border: 1px solid #f0d58c;
    border-radius: 4px;
    padding: 6px 8px;
    margin: 6px 0;
  }
  .loading {
    color: var(--muted);
    font-style: italic;
  }
  h2 {
    font-size: 12px;
    font-weight: 600;
    text-transform: uppercase;
    letter-spacing: 0.04em;
    color: var(--muted);
    margin: 0 0 6px;
  }
  .panel {
    background: var(--panel);
    border: 1px solid var(--border);
    border-radius: 6px;
    padding: 10px;
  }
`});function yh(t){return typeof t=="object"&&t!==null&&typeof t.error=="string"}async function bh(t){let e=null,n="";try{n=await t.text(),e=n?JSON.parse(n):null}catch{e=null}if(!t.ok){if(yh(e))throw new _t(t.status,e.error,e);let i=n&&n.length<200&&!n.trimStart().startsWith("<")?`: ${n.trim()}`:"";throw new _t(t.status,`request failed with HTTP ${t.status}${i}`)}if(e===null)throw new _t(t.status,"the server answered with something that is not JSON");return e}function vr(t){return t instanceof DOMException&&t.name==="AbortError"}function Zo(t=(e,n)=>fetch(e,n)){async function e(n,i){let r;try{r=await t(n,i)}catch(s){throw vr(s)?s:new _t(0,`cannot reach TensorBoard (${s instanceof Error?s.message:String(s)})`)}return bh(r)}return{get:(n,i)=>e(n,{headers:{Accept:"application/json"},...i?{signal:i}:{}}),post:(n,i)=>e(n,{method:"POST",headers:{"Content-Type":"application/json",Accept:"application/json"},body:JSON.stringify(i)})}}function pt(t){return t instanceof _t||t instanceof Error?t.message:String(t)}var _t,te=w(()=>{"use strict";_t=class extends Error{constructor(n,i,r=null){super(i);this.status=n;this.body=r;this.name="ApiError"}}});function xt(t,e=3){if(t==null||!Number.isFinite(t))return"—";let n=Math.abs(t);if(n!==0&&(n<10**-e||n>=1e6))return t.toExponential(2);let i=t.toFixed(e);return/^-0\.0*$/.test(i)?i.slice(1):i}function ee(t,e=3){let n=xt(t,e);return t!=null&&t>0&&n!=="—"?`+${n}`:n}function U(t){return t==null||!Number.isFinite(t)?"—":vh.format(t)}function Ct(t,e){return t===null?"":e===null?t:e==="rest"?`${t} vs. the rest`:`${t} vs. ${e}`}function Jn(t,e){if(t===null)return"";let n=t===1?"label":"labels";return e===null?`${U(t)} ${n}`:`${U(t)} of ${U(e)} ${n}`}var vh,ye=w(()=>{"use strict";vh=new Intl.NumberFormat("en-US",{maximumFractionDigits:0})});var ne,wr=w(()=>{"use strict";te();ne=class{constructor(e){this.controller=null;e?.addController(this)}hostDisconnected(){this.abort()}get pending(){return this.controller!==null}abort(){this.controller?.abort(),this.controller=null}run(e,n,i){this.controller?.abort();let r=new AbortController;this.controller=r;let s=()=>this.controller===r&&!r.signal.aborted;e(r.signal).then(o=>{s()&&(this.controller=null,n(o))},o=>{!s()||vr(o)||(this.controller=null,i(o))})}}});function xh(t){let e=t;return typeof e=="object"&&e!==null&&typeof e.measure=="string"&&typeof e.title=="string"&&typeof e.element=="string"&&e.element.includes("-")&&(e.hashPrefix===void 0||typeof e.hashPrefix=="string")}async function Jo(t,e){return(await Promise.all(t.map(async i=>{if(!wh.test(i))return null;try{let s=(await e(i))?.view;return xh(s)&&s.measure===i?s:null}catch{return null}}))).filter(i=>i!==null)}function ta(t){return t.hashPrefix??`${t.measure}.`}var ti,wh,xr=w(()=>{"use strict";ti="tb-bias-reload",wh=/^[a-z][a-z0-9_]*$/});function ea(t){return t===null?"":String(t)}function en(t){return`${t.column}:${ea(t.low)}:${ea(t.high)}`}function na(t){if(t==="")return null;let e=Number(t);return Number.isFinite(e)?e:void 0}function ia(t){let e=t.lastIndexOf(":"),n=e>0?t.lastIndexOf(":",e-1):-1;if(n<=0)return null;let i=na(t.slice(n+1,e)),r=na(t.slice(e+1));return i===void 0||r===void 0||i!==null&&r!==null&&i>r?null:{column:t.slice(0,n),low:i,high:r}}function ei(t,e,n){let i=t.findIndex(r=>r.column===e.column);return i>=0?t.map((r,s)=>s===i?e:r):t.length>=n?[...t]:[...t,e]}function ra(t,e){return t.filter(n=>n.column!==e)}function $r(t){let e=t.trim();if(e==="")return null;let n=Number(e);return Number.isFinite(n)?n:void 0}var nn=w(()=>{"use strict"});function ie(t,e){let n=new URLSearchParams(e).toString();return n?`${t}?${n}`:t}function Sr(t){let e=[["run",t.run],["tag",t.tag]];return t.step!==null&&e.push(["step",String(t.step)]),t.threshold!==null&&e.push(["threshold",String(t.threshold)]),e.push(["metric",t.metric]),t.x1!==null&&e.push(["x1",t.x1]),t.x2!==null&&e.push(["x2",t.x2]),t.smoothing>0&&e.push(["smoothing",String(t.smoothing)]),e}function ni(t){let e=Sr(t);t.q!==""&&(e.push(["q",t.q]),t.caseSensitive&&e.push(["case_sensitive","1"]));for(let n of t.ranges)e.push(["range",en(n)]);return t.minCount>0&&e.push(["min_count",String(t.minCount)]),t.includeZero&&e.push(["zero_cooccurrence","include"]),t.includeUndefined&&e.push(["undefined","include"]),t.flaggedOnly&&e.push(["flagged_only","1"]),t.showHidden&&e.push(["show_hidden","1"]),e}function Mr(t){let e=[];return t.sort!=="gap"&&e.push(["sort",t.sort]),t.order!=="desc"&&e.push(["order",t.order]),e}function rn(t,e,n){return ie("table",[...ni(t),...Mr(t),["offset",String(e)],["limit",String(n)]])}function oa(t){return ie("distribution",ni(t))}function aa(t,e,n,i){let r=ni(t);return r.push(["run2",e.run],["tag2",e.tag]),e.step!==null&&r.push(["step2",String(e.step)]),t.compareSort!=="delta"&&r.push(["sort",t.compareSort]),t.compareOrder!=="abs"&&r.push(["order",t.compareOrder]),r.push(["offset",String(n)],["limit",String(i)]),ie("compare",r)}function la(t){return ie("flags",[["tag",t]])}function ua(t){return ie("csv",[...ni(t),...Mr(t)])}function ca(t){return ie("csv",[...Sr(t),...sa,["flagged_only","1"],...Mr(t)])}function ha(t,e,n,i=$h){let r=[...Sr(t),...sa],s=h=>ie("table",[...r,...h.map(c=>["label",c]),["limit",String(h.length)]]),o=s([]).length+3,a=[],l=[],u=o;for(let h of e){let c=new URLSearchParams([["label",h]]).toString().length+1;l.length>0&&(l.length>=n||u+c>i)&&(a.push(s(l)),l=[],u=o),l.push(h),u+=c}return l.length&&a.push(s(l)),a}function fa(t){try{return new RegExp(t),!0}catch{return!1}}var sa,$h,re=w(()=>{"use strict";nn();sa=[["zero_cooccurrence","include"],["undefined","include"],["include_identities","1"],["show_hidden","1"]];$h=6e3});async function Er(t,e,n,i,r=!1){let s=await t.get(rn(e,0,Math.min(i,n))),o=s.total;if(o>n&&!r)throw new sn(o,n);let a=Math.min(o,n),l=s.rows.map(c=>c.label),u=[];for(let c=l.length;c<a;c+=i)u.push(c);let h=await Promise.all(u.map(c=>t.get(rn(e,c,Math.min(i,a-c)))));for(let c of h)l.push(...c.rows.map(f=>f.label));return{labels:l.slice(0,a),total:o}}var sn,da=w(()=>{"use strict";re();sn=class extends Error{constructor(n,i){super(`the filtered result has ${n} labels; narrow it to at most ${i}`);this.total=n;this.cap=i;this.name="TooManyLabels"}}});function pa(t){let e=t;if(typeof e!="object"||e===null||typeof e.default_metric!="string"||typeof e.metrics!="object"||e.metrics===null)return null;let n=e.limits;if(typeof n!="object"||n===null)return null;for(let i of Sh){let r=n[i];if(typeof r!="number"||!Number.isSafeInteger(r)||r<1)return null}return{metrics:e.metrics,default_metric:e.default_metric,limits:n}}var Sh,ma=w(()=>{"use strict";Sh=["page_size","max_limit","max_offset","max_ranges","max_labels","max_bins","max_name","max_selected","bulk_cap"]});function H(t,e,n){t.dispatchEvent(new CustomEvent(e,{detail:n,bubbles:!0,composed:!0}))}var Ft=w(()=>{"use strict"});function kr(t){return{tag:t,flagged:[],hidden:[],version:0}}function Cr(t,e){let n=t[e.kind],i;if(e.on){let r=new Set(n);i=[...n];for(let s of e.labels)r.has(s)||(r.add(s),i.push(s))}else{let r=new Set(e.labels);i=n.filter(s=>!r.has(s))}return{...t,[e.kind]:i}}function ga(t,e){let n=new Set(t[e.kind]);return e.labels.every(i=>n.has(i)===e.on)}function Rr(t){return{flagged:new Set(t.flagged),hidden:new Set(t.hidden)}}async function Tr(t,e){return t.get(la(e))}async function _a(t,e,n){let i=r=>{let s=Cr(r,n);return t.post("flags",{tag:r.tag,flagged:s.flagged,hidden:s.hidden,version:r.version})};try{return{state:await i(e),rebased:!1}}catch(r){let s=r instanceof _t&&r.status===409?r.body?.current:void 0;if(!s)throw r;try{return{state:await i(s),rebased:!0}}catch(o){throw o instanceof _t&&o.status===409?new _t(409,"flags keep changing elsewhere; reload the page and try again",o.body):o}}}var ya=w(()=>{"use strict";te();re()});function se(t,e){return`${t}@${e}`}function ba(t){return`count@${t}`}function ii(t){let e=t.indexOf("@");return e<0?{family:t,identity:null}:{family:t.slice(0,e),identity:t.slice(e+1)}}function Pr(t){return ii(t).identity}function Or(t){return ii(t).family}function va(t){let{family:e,identity:n}=ii(t);return t==="gap"||n!==null&&e!=="count"}function ri(t){let{family:e,identity:n}=ii(t);return n===null?t:`${e} (${n})`}function on(t){let e=ri(t.column),{low:n,high:i}=t;return n!==null&&i!==null?`${n} ≤ ${e} ≤ ${i}`:n!==null?`${e} ≥ ${n}`:i!==null?`${e} ≤ ${i}`:`${e}: any defined value`}function wa(t,e,n,i=!0){let r=[{id:"label",title:"Label",kind:"label",identity:null}];i&&r.push({id:"gap",title:"Gap",kind:"gap",identity:null});for(let s of t)r.push({id:se(e,s),title:s,kind:"value",identity:s});if(n){r.push({id:"count",title:"C(y)",kind:"count",identity:null});for(let s of t)r.push({id:ba(s),title:`C(${s}, y)`,kind:"count",identity:s})}return r}function xa(t,e,n,i=!0){let r=i?[{id:"gap",title:"gap",kind:"gap",identity:null}]:[];for(let s of t)r.push({id:se(e,s),title:`${e} (${s})`,kind:"value",identity:s});if(n){r.push({id:"count",title:"count",kind:"count",identity:null});for(let s of t)r.push({id:ba(s),title:`count (${s})`,kind:"count",identity:s})}return r}function Ar(t){return t.kind==="label"?9:t.kind==="count"?4.5:6.5}function $a(t){return t.map(e=>e.kind==="label"?`minmax(${si+oi+Ar(e)}rem, 2.2fr)`:`minmax(${Ar(e)}rem, ${e.kind==="count"?.8:1}fr)`).join(" ")}function Sa(t){return t.reduce((e,n)=>e+Ar(n),si+oi)}var si,oi,an=w(()=>{"use strict";si=2.25,oi=3.75});function ai(){return{run:null,tag:null,step:null,threshold:null,metric:null,x1:null,x2:null,smoothing:0,q:"",caseSensitive:!1,ranges:[],sort:"gap",order:"desc",minCount:0,includeZero:!1,includeUndefined:!1,flaggedOnly:!1,showHidden:!1,showCounts:!1,selected:[],view:"table",run2:null,tag2:null,step2:null,compareSort:"delta",compareOrder:"abs",plot:"violin"}}function ln(t,e,n){return e.includes(t)?t:n}function Ea(t){if(t===void 0||!/^-?\d+$/.test(t))return null;let e=Number(t);return Number.isSafeInteger(e)?e:null}function ka(t,e){if(t===void 0||t.trim()==="")return e;let n=Number(t);return Number.isFinite(n)&&n>=0?n:e}function Ca(t){if(t===void 0)return[];try{let e=JSON.parse(t);return Array.isArray(e)?e.filter(n=>typeof n=="string"):[]}catch{return[]}}function Ht(t){return t===void 0||t===""?null:t}function Nr(t,e){let n=ai(),i=t.threshold===void 0?NaN:Number(t.threshold),r=Ca(t.range).map(ia).filter(s=>s!==null);return{run:Ht(t.run),tag:Ht(t.tag),step:Ea(t.step),threshold:Number.isFinite(i)?i:null,metric:Ht(t.metric),x1:Ht(t.x1),x2:Ht(t.x2),smoothing:ka(t.smoothing,0),q:t.q??"",caseSensitive:t.cs==="1",ranges:r,sort:Ht(t.sort)??n.sort,order:ln(t.order,Ma,n.order),minCount:Math.floor(ka(t.min_count,0)),includeZero:t.zero==="1",includeUndefined:t.undef==="1",flaggedOnly:t.flagged==="1",showHidden:t.hidden==="1",showCounts:t.counts==="1",selected:[...new Set(Ca(t.sel))].slice(0,e),view:ln(t.view,["table","compare"],n.view),run2:Ht(t.run2),tag2:Ht(t.tag2),step2:Ea(t.step2),compareSort:ln(t.csort,Mh,n.compareSort),compareOrder:ln(t.corder,Ma,n.compareOrder),plot:ln(t.plot,["violin","histogram"],n.plot)}}function zr(t,e){let n=ai(),i={},r=(o,a,l=null)=>{a!==null&&a!==l&&(i[o]=a)},s=(o,a)=>{a&&(i[o]="1")};return r("run",t.run),r("tag",t.tag),r("step",t.step===null?null:String(t.step)),r("threshold",t.threshold===null?null:String(t.threshold)),r("metric",t.metric,e),r("x1",t.x1),r("x2",t.x2),r("smoothing",String(t.smoothing),"0"),r("q",t.q,""),s("cs",t.caseSensitive),t.ranges.length&&(i.range=JSON.stringify(t.ranges.map(en))),r("sort",t.sort,n.sort),r("order",t.order,n.order),r("min_count",String(t.minCount),"0"),s("zero",t.includeZero),s("undef",t.includeUndefined),s("flagged",t.flaggedOnly),s("hidden",t.showHidden),s("counts",t.showCounts),t.selected.length&&(i.sel=JSON.stringify(t.selected)),r("view",t.view,n.view),r("run2",t.run2),r("tag2",t.tag2),r("step2",t.step2===null?null:String(t.step2)),r("csort",t.compareSort,n.compareSort),r("corder",t.compareOrder,n.compareOrder),r("plot",t.plot,n.plot),i}function Eh(t,e){let n=t.kind==="counts"?e:"nPMI";return t.metrics.includes(n)?n:t.metrics[0]??n}function li(t,e,n){return t.runs.find(r=>r.run===e)?.tags.find(r=>r.tag===n)??null}function Ra(t,e,n){let i=e.runs.filter(b=>b.tags.length>0);if(i.length===0)return null;let r=i.find(b=>b.run===t.run)??i.find(b=>b.tags.some(S=>S.tag===t.tag))??i[0],s=r.tags.find(b=>b.tag===t.tag)??r.tags[0],o=s.identities,a=s.kind==="counts",l=t.x1!==null&&o.includes(t.x1)?t.x1:o[0]??null,u=t.x2;u!==null&&(u==="rest"&&o.length>=2||u!==l&&o.includes(u))||(u=o.find(b=>b!==l)??null);let c=t.metric!==null&&s.metrics.includes(t.metric)?t.metric:Eh(s,n.default_metric),f=Pr(t.sort),d=t.sort;f!==null&&!o.includes(f)?d="gap":f!==null&&Or(d)!=="count"&&(d=se(c,f)),u===null&&l!==null&&d==="gap"&&(d=se(c,l));let m=t.ranges.filter(b=>{let S=Pr(b.column);if(b.column==="gap")return u!==null;if(S===null)return!0;let E=Or(b.column);return o.includes(S)&&(E==="count"||s.metrics.includes(E))}),g=e.runs.find(b=>b.run===t.run2)?t.run2:null,p=li(e,g??r.run,t.tag2??s.tag),_=p&&t.tag2!==null?t.tag2:null,x=p&&t.step2!==null&&p.steps.includes(t.step2)?t.step2:null;return{info:s,state:{...t,run:r.run,tag:s.tag,step:t.step!==null&&s.steps.includes(t.step)?t.step:null,threshold:a&&t.threshold!==null&&s.thresholds.includes(t.threshold)?t.threshold:null,metric:c,x1:l,x2:u,smoothing:a?t.smoothing:0,sort:d,ranges:m,selected:t.selected.slice(0,n.limits.max_selected),run2:g,tag2:_,step2:x}}}function Ir(t,e){if(t.run2!==null||t.tag2!==null||t.step2!==null)return{run:t.run2??t.run,tag:t.tag2??t.tag,step:t.step2};let n=e.runs.filter(o=>o.tags.some(a=>a.tag===t.tag)).map(o=>o.run);if(n.length>1)return{run:n[(n.indexOf(t.run)+1)%n.length],tag:t.tag,step:null};let i=li(e,t.run,t.tag)?.steps??[],r=t.step??i[i.length-1],s=i.filter(o=>r!==void 0&&o<r);return{run:t.run,tag:t.tag,step:s.length?s[s.length-1]:null}}function Ta(t,e){if(t.sort!==e)return{sort:e,order:e==="label"?"asc":"desc"};let n=va(e),i=e==="label"?["asc","desc"]:n?["desc","asc","abs"]:["desc","asc"],r=i.indexOf(t.order);return{sort:e,order:i[(r+1)%i.length]}}function Aa(t,e){if(t.compareSort!==e)return{compareSort:e,compareOrder:e==="label"?"asc":e==="delta"?"abs":"desc"};let n=e==="label"?["asc","desc"]:["desc","asc","abs"],i=n.indexOf(t.compareOrder);return{compareSort:e,compareOrder:n[(i+1)%n.length]}}function ui(t,e,n,i){if(!n){let o=new Set(e);return t.filter(a=>!o.has(a))}let r=[...t],s=new Set(t);for(let o of e){if(r.length>=i)break;s.has(o)||(s.add(o),r.push(o))}return r}function ci(t){return JSON.stringify([t.run,t.tag,t.step,t.threshold,t.metric,t.x1,t.x2,t.smoothing,t.q,t.caseSensitive,t.ranges.map(en),t.minCount,t.includeZero,t.includeUndefined,t.flaggedOnly,t.showHidden])}var Ma,Mh,hi=w(()=>{"use strict";an();nn();Ma=["desc","asc","abs"],Mh=["delta","gap_a","gap_b","label"]});var qt,oe,Vt,be=w(()=>{qt={ATTRIBUTE:1,CHILD:2,PROPERTY:3,BOOLEAN_ATTRIBUTE:4,EVENT:5,ELEMENT:6},oe=t=>(...e)=>({_$litDirective$:t,values:e}),Vt=class{constructor(e){}get _$AU(){return this._$AM._$AU}_$AT(e,n,i){this._$Ct=e,this._$AM=n,this._$Ci=i}_$AS(e,n){return this.update(e,n)}update(e,n){return this.render(...n)}}});var Pa,kh,fi,Oa=w(()=>{Jt();be();Pa="important",kh=" !"+Pa,fi=oe(class extends Vt{constructor(t){if(super(t),t.type!==qt.ATTRIBUTE||t.name!=="style"||t.strings?.length>2)throw Error("The `styleMap` directive must be used in the `style` attribute and must be the only part in the attribute.")}render(t){return Object.keys(t).reduce((e,n)=>{let i=t[n];return i==null?e:e+`${n=n.includes("-")?n:n.replace(/(?:^(webkit|moz|ms|o)|)(?=[A-Z])/g,"-$&").toLowerCase()}:${i};`},"")}update(t,[e]){let{style:n}=t.element;if(this.ft===void 0)return this.ft=new Set(Object.keys(e)),this.render(e);for(let i of this.ft)e[i]==null&&(this.ft.delete(i),i.includes("-")?n.removeProperty(i):n[i]=null);for(let i in e){let r=e[i];if(r!=null){this.ft.add(i);let s=typeof r=="string"&&r.endsWith(kh);i.includes("-")||s?n.setProperty(i,s?r.slice(0,-11):r,s?Pa:""):n[i]=r}}return ct}})});var Lr=w(()=>{Oa()});function ve(t,e,n,i){var r=arguments.length,s=r<3?e:i===null?i=Object.getOwnPropertyDescriptor(e,n):i,o;if(typeof Reflect=="object"&&typeof Reflect.decorate=="function")s=Reflect.decorate(t,e,n,i);else for(var a=t.length-1;a>=0;a--)(o=t[a])&&(s=(r<3?o(s):r>3?o(e,n,s):o(e,n))||s);return r>3&&s&&Object.defineProperty(e,n,s),s}var Na=w(()=>{});var za=w(()=>{Qn()});var Ia=w(()=>{be()});var Ch,La,Fa,Da,we,Bt,Rh,Ha,Va,di,Dr=w(()=>{Jt();({I:Ch}=Ho),La=t=>t,Fa=t=>t.strings===void 0,Da=()=>document.createComment(""),we=(t,e,n)=>{let i=t._$AA.parentNode,r=e===void 0?t._$AB:e._$AA;if(n===void 0){let s=i.insertBefore(Da(),r),o=i.insertBefore(Da(),r);n=new Ch(s,o,t,t.options)}else{let s=n._$AB.nextSibling,o=n._$AM,a=o!==t;if(a){let l;n._$AQ?.(t),n._$AM=t,n._$AP!==void 0&&(l=t._$AU)!==o._$AU&&n._$AP(l)}if(s!==r||a){let l=n._$AA;for(;l!==s;){let u=La(l).nextSibling;La(i).insertBefore(l,r),l=u}}}return n},Bt=(t,e,n=t)=>(t._$AI(e,n),t),Rh={},Ha=(t,e=Rh)=>t._$AH=e,Va=t=>t._$AH,di=t=>{t._$AR(),t._$AA.remove()}});function Th(t){this._$AN!==void 0?(pi(this),this._$AM=t,qa(this)):this._$AM=t}function Ah(t,e=!1,n=0){let i=this._$AH,r=this._$AN;if(r!==void 0&&r.size!==0)if(e)if(Array.isArray(i))for(let s=n;s<i.length;s++)un(i[s],!1),pi(i[s]);else i!=null&&(un(i,!1),pi(i));else un(this,t)}var un,pi,qa,Ph,mi,Ba=w(()=>{Dr();be();be();un=(t,e)=>{let n=t._$AN;if(n===void 0)return!1;for(let i of n)i._$AO?.(e,!1),un(i,e);return!0},pi=t=>{let e,n;do{if((e=t._$AM)===void 0)break;n=e._$AN,n.delete(t),t=e}while(n?.size===0)},qa=t=>{for(let e;e=t._$AM;t=e){let n=e._$AN;if(n===void 0)e._$AN=n=new Set;else if(n.has(t))break;n.add(t),Ph(e)}};Ph=t=>{t.type==qt.CHILD&&(t._$AP??=Ah,t._$AQ??=Th)},mi=class extends Vt{constructor(){super(...arguments),this._$AN=void 0}_$AT(e,n,i){super._$AT(e,n,i),qa(this),this.isConnected=e._$AU}_$AO(e,n=!0){e!==this.isConnected&&(this.isConnected=e,e?this.reconnected?.():this.disconnected?.()),n&&(un(this,e),pi(this))}setValue(e){if(Fa(this._$Ct))this._$Ct._$AI(e,this);else{let n=[...this._$Ct._$AH];n[this._$Ci]=e,this._$Ct._$AI(n,this,0)}}disconnected(){}reconnected(){}}});var Ua=w(()=>{Ba()});var ja,Wa,Ka=w(()=>{Jt();be();Dr();ja=(t,e,n)=>{let i=new Map;for(let r=e;r<=n;r++)i.set(t[r],r);return i},Wa=oe(class extends Vt{constructor(t){if(super(t),t.type!==qt.CHILD)throw Error("repeat() can only be used in text expressions")}dt(t,e,n){let i;n===void 0?n=e:e!==void 0&&(i=e);let r=[],s=[],o=0;for(let a of t)r[o]=i?i(a,o):o,s[o]=n(a,o),o++;return{values:s,keys:r}}render(t,e,n){return this.dt(t,e,n).values}update(t,[e,n,i]){let r=Va(t),{values:s,keys:o}=this.dt(e,n,i);if(!Array.isArray(r))return this.ut=o,s;let a=this.ut??=[],l=[],u,h,c=0,f=r.length-1,d=0,m=s.length-1;for(;c<=f&&d<=m;)if(r[c]===null)c++;else if(r[f]===null)f--;else if(a[c]===o[d])l[d]=Bt(r[c],s[d]),c++,d++;else if(a[f]===o[m])l[m]=Bt(r[f],s[m]),f--,m--;else if(a[c]===o[m])l[m]=Bt(r[c],s[m]),we(t,l[m+1],r[c]),c++,m--;else if(a[f]===o[d])l[d]=Bt(r[f],s[d]),we(t,r[c],r[f]),f--,d++;else if(u===void 0&&(u=ja(o,d,m),h=ja(a,c,f)),u.has(a[c]))if(u.has(a[f])){let g=h.get(o[d]),p=g!==void 0?r[g]:null;if(p===null){let _=we(t,r[c]);Bt(_,s[d]),l[d]=_}else l[d]=Bt(p,s[d]),we(t,r[c],p),r[g]=null;d++}else di(r[f]),f--;else di(r[c]),c++;for(;d<=m;){let g=we(t,l[m+1]);Bt(g,s[d]),l[d++]=g}for(;c<=f;){let g=r[c++];g!==null&&di(g)}return this.ut=o,Ha(t,l),ct}})});var Xa=w(()=>{Ka()});var xe,$e,cn,Fr=w(()=>{xe=class t extends Event{constructor(e){super(t.eventName,{bubbles:!1}),this.first=e.first,this.last=e.last}};xe.eventName="rangeChanged";$e=class t extends Event{constructor(e){super(t.eventName,{bubbles:!1}),this.first=e.first,this.last=e.last}};$e.eventName="visibilityChanged";cn=class t extends Event{constructor(){super(t.eventName,{bubbles:!1})}};cn.eventName="unpinned"});var Hr,gi,Ya=w(()=>{Hr=class{constructor(e){this._element=null;let n=e??window;this._node=n,e&&(this._element=e)}get element(){return this._element||document.scrollingElement||document.documentElement}get scrollTop(){return this.element.scrollTop||window.scrollY}get scrollLeft(){return this.element.scrollLeft||window.scrollX}get scrollHeight(){return this.element.scrollHeight}get scrollWidth(){return this.element.scrollWidth}get viewportHeight(){return this._element?this._element.getBoundingClientRect().height:window.innerHeight}get viewportWidth(){return this._element?this._element.getBoundingClientRect().width:window.innerWidth}get maxScrollTop(){return this.scrollHeight-this.viewportHeight}get maxScrollLeft(){return this.scrollWidth-this.viewportWidth}},gi=class extends Hr{constructor(e,n){super(n),this._clients=new Set,this._retarget=null,this._end=null,this.__destination=null,this.correctingScrollError=!1,this._checkForArrival=this._checkForArrival.bind(this),this._updateManagedScrollTo=this._updateManagedScrollTo.bind(this),this.scrollTo=this.scrollTo.bind(this),this.scrollBy=this.scrollBy.bind(this);let i=this._node;this._originalScrollTo=i.scrollTo,this._originalScrollBy=i.scrollBy,this._originalScroll=i.scroll,this._attach(e)}get _destination(){return this.__destination}get scrolling(){return this._destination!==null}scrollTo(e,n){let i=typeof e=="number"&&typeof n=="number"?{left:e,top:n}:e;this._scrollTo(i)}scrollBy(e,n){let i=typeof e=="number"&&typeof n=="number"?{left:e,top:n}:e;i.top!==void 0&&(i.top+=this.scrollTop),i.left!==void 0&&(i.left+=this.scrollLeft),this._scrollTo(i)}_nativeScrollTo(e){this._originalScrollTo.bind(this._element||window)(e)}_scrollTo(e,n=null,i=null){this._end!==null&&this._end(),e.behavior==="smooth"?(this._setDestination(e),this._retarget=n,this._end=i):this._resetScrollState(),this._nativeScrollTo(e)}_setDestination(e){let{top:n,left:i}=e;return n=n===void 0?void 0:Math.max(0,Math.min(n,this.maxScrollTop)),i=i===void 0?void 0:Math.max(0,Math.min(i,this.maxScrollLeft)),this._destination!==null&&i===this._destination.left&&n===this._destination.top?!1:(this.__destination={top:n,left:i,behavior:"smooth"},!0)}_resetScrollState(){this.__destination=null,this._retarget=null,this._end=null}_updateManagedScrollTo(e){this._destination&&this._setDestination(e)&&this._nativeScrollTo(this._destination)}managedScrollTo(e,n,i){return this._scrollTo(e,n,i),this._updateManagedScrollTo}correctScrollError(e){this.correctingScrollError=!0,requestAnimationFrame(()=>requestAnimationFrame(()=>this.correctingScrollError=!1)),this._nativeScrollTo(e),this._retarget&&this._setDestination(this._retarget()),this._destination&&this._nativeScrollTo(this._destination)}_checkForArrival(){if(this._destination!==null){let{scrollTop:e,scrollLeft:n}=this,{top:i,left:r}=this._destination;i=Math.min(i||0,this.maxScrollTop),r=Math.min(r||0,this.maxScrollLeft);let s=Math.abs(i-e),o=Math.abs(r-n);s<1&&o<1&&(this._end&&this._end(),this._resetScrollState())}}detach(e){return this._clients.delete(e),this._clients.size===0&&(this._node.scrollTo=this._originalScrollTo,this._node.scrollBy=this._originalScrollBy,this._node.scroll=this._originalScroll,this._node.removeEventListener("scroll",this._checkForArrival)),null}_attach(e){this._clients.add(e),this._clients.size===1&&(this._node.scrollTo=this.scrollTo,this._node.scrollBy=this.scrollBy,this._node.scroll=this.scrollTo,this._node.addEventListener("scroll",this._checkForArrival))}}});var hn,Ga=w(()=>{hn=class{constructor(e){this._map=new Map,this._roundAverageSize=!1,this.totalSize=0,e?.roundAverageSize===!0&&(this._roundAverageSize=!0)}set(e,n){let i=this._map.get(e)||0;this._map.set(e,n),this.totalSize+=n-i}get averageSize(){if(this._map.size>0){let e=this.totalSize/this._map.size;return this._roundAverageSize?Math.round(e):e}return 0}getSize(e){return this._map.get(e)}clear(){this._map.clear(),this.totalSize=0}}});function Vr(t){return t==="horizontal"?"width":"height"}var _i,Qa=w(()=>{_i=class{_getDefaultConfig(){return{direction:"vertical"}}constructor(e,n){this._latestCoords={left:0,top:0},this._direction=null,this._viewportSize={width:0,height:0},this.totalScrollSize={width:0,height:0},this.offsetWithinScroller={left:0,top:0},this._pendingReflow=!1,this._pendingLayoutUpdate=!1,this._pin=null,this._firstVisible=0,this._lastVisible=0,this._physicalMin=0,this._physicalMax=0,this._first=-1,this._last=-1,this._sizeDim="height",this._secondarySizeDim="width",this._positionDim="top",this._secondaryPositionDim="left",this._scrollPosition=0,this._scrollError=0,this._items=[],this._scrollSize=1,this._overhang=1e3,this._hostSink=e,Promise.resolve().then(()=>this.config=n||this._getDefaultConfig())}set config(e){Object.assign(this,Object.assign({},this._getDefaultConfig(),e))}get config(){return{direction:this.direction}}get items(){return this._items}set items(e){this._setItems(e)}_setItems(e){e!==this._items&&(this._items=e,this._scheduleReflow())}get direction(){return this._direction}set direction(e){e=e==="horizontal"?e:"vertical",e!==this._direction&&(this._direction=e,this._sizeDim=e==="horizontal"?"width":"height",this._secondarySizeDim=e==="horizontal"?"height":"width",this._positionDim=e==="horizontal"?"left":"top",this._secondaryPositionDim=e==="horizontal"?"top":"left",this._triggerReflow())}get viewportSize(){return this._viewportSize}set viewportSize(e){let{_viewDim1:n,_viewDim2:i}=this;Object.assign(this._viewportSize,e),i!==this._viewDim2?this._scheduleLayoutUpdate():n!==this._viewDim1&&this._checkThresholds()}get viewportScroll(){return this._latestCoords}set viewportScroll(e){Object.assign(this._latestCoords,e);let n=this._scrollPosition;this._scrollPosition=this._latestCoords[this._positionDim],Math.abs(n-this._scrollPosition)>=1&&this._checkThresholds()}reflowIfNeeded(e=!1){(e||this._pendingReflow)&&(this._pendingReflow=!1,this._reflow())}set pin(e){this._pin=e,this._triggerReflow()}get pin(){if(this._pin!==null){let{index:e,block:n}=this._pin;return{index:Math.max(0,Math.min(e,this.items.length-1)),block:n}}return null}_clampScrollPosition(e){return Math.max(-this.offsetWithinScroller[this._positionDim],Math.min(e,this.totalScrollSize[Vr(this.direction)]-this._viewDim1))}unpin(){this._pin!==null&&(this._sendUnpinnedMessage(),this._pin=null)}_updateLayout(){}get _viewDim1(){return this._viewportSize[this._sizeDim]}get _viewDim2(){return this._viewportSize[this._secondarySizeDim]}_scheduleReflow(){this._pendingReflow=!0}_scheduleLayoutUpdate(){this._pendingLayoutUpdate=!0,this._scheduleReflow()}_triggerReflow(){this._scheduleLayoutUpdate(),Promise.resolve().then(()=>this.reflowIfNeeded())}_reflow(){this._pendingLayoutUpdate&&(this._updateLayout(),this._pendingLayoutUpdate=!1),this._updateScrollSize(),this._setPositionFromPin(),this._getActiveItems(),this._updateVisibleIndices(),this._sendStateChangedMessage()}_setPositionFromPin(){if(this.pin!==null){let e=this._scrollPosition,{index:n,block:i}=this.pin;this._scrollPosition=this._calculateScrollIntoViewPosition({index:n,block:i||"start"})-this.offsetWithinScroller[this._positionDim],this._scrollError=e-this._scrollPosition}}_calculateScrollIntoViewPosition(e){let{block:n}=e,i=Math.min(this.items.length,Math.max(0,e.index)),r=this._getItemPosition(i)[this._positionDim],s=r;if(n!=="start"){let o=this._getItemSize(i)[this._sizeDim];if(n==="center")s=r-.5*this._viewDim1+.5*o;else{let a=r-this._viewDim1+o;if(n==="end")s=a;else{let l=this._scrollPosition;s=Math.abs(l-r)<Math.abs(l-a)?r:a}}}return s+=this.offsetWithinScroller[this._positionDim],this._clampScrollPosition(s)}getScrollIntoViewCoordinates(e){return{[this._positionDim]:this._calculateScrollIntoViewPosition(e)}}_sendUnpinnedMessage(){this._hostSink({type:"unpinned"})}_sendVisibilityChangedMessage(){this._hostSink({type:"visibilityChanged",firstVisible:this._firstVisible,lastVisible:this._lastVisible})}_sendStateChangedMessage(){let e=new Map;if(this._first!==-1&&this._last!==-1)for(let i=this._first;i<=this._last;i++)e.set(i,this._getItemPosition(i));let n={type:"stateChanged",scrollSize:{[this._sizeDim]:this._scrollSize,[this._secondarySizeDim]:null},range:{first:this._first,last:this._last,firstVisible:this._firstVisible,lastVisible:this._lastVisible},childPositions:e};this._scrollError&&(n.scrollError={[this._positionDim]:this._scrollError,[this._secondaryPositionDim]:0},this._scrollError=0),this._hostSink(n)}get _num(){return this._first===-1||this._last===-1?0:this._last-this._first+1}_checkThresholds(){if(this._viewDim1===0&&this._num>0||this._pin!==null)this._scheduleReflow();else{let e=Math.max(0,this._scrollPosition-this._overhang),n=Math.min(this._scrollSize,this._scrollPosition+this._viewDim1+this._overhang);this._physicalMin>e||this._physicalMax<n?this._scheduleReflow():this._updateVisibleIndices({emit:!0})}}_updateVisibleIndices(e){if(this._first===-1||this._last===-1)return;let n=this._first;for(;n<this._last&&Math.round(this._getItemPosition(n)[this._positionDim]+this._getItemSize(n)[this._sizeDim])<=Math.round(this._scrollPosition);)n++;let i=this._last;for(;i>this._first&&Math.round(this._getItemPosition(i)[this._positionDim])>=Math.round(this._scrollPosition+this._viewDim1);)i--;(n!==this._firstVisible||i!==this._lastVisible)&&(this._firstVisible=n,this._lastVisible=i,e&&e.emit&&this._sendVisibilityChangedMessage())}}});var Ja={};So(Ja,{FlowLayout:()=>Se,flow:()=>Br});function Za(t){return t==="horizontal"?"marginLeft":"marginTop"}function Oh(t){return t==="horizontal"?"marginRight":"marginBottom"}function Nh(t){return t==="horizontal"?"xOffset":"yOffset"}function zh(t,e){let n=[t,e].sort();return n[1]<=0?Math.min(...n):n[0]>=0?Math.max(...n):n[0]+n[1]}var Br,qr,Se,yi=w(()=>{Ga();Qa();Br=t=>Object.assign({type:Se},t);qr=class{constructor(){this._childSizeCache=new hn,this._marginSizeCache=new hn,this._metricsCache=new Map}update(e,n){let i=new Set;Object.keys(e).forEach(r=>{let s=Number(r);this._metricsCache.set(s,e[s]),this._childSizeCache.set(s,e[s][Vr(n)]),i.add(s),i.add(s+1)});for(let r of i){let s=this._metricsCache.get(r)?.[Za(n)]||0,o=this._metricsCache.get(r-1)?.[Oh(n)]||0;this._marginSizeCache.set(r,zh(s,o))}}get averageChildSize(){return this._childSizeCache.averageSize}get totalChildSize(){return this._childSizeCache.totalSize}get averageMarginSize(){return this._marginSizeCache.averageSize}get totalMarginSize(){return this._marginSizeCache.totalSize}getLeadingMarginValue(e,n){return this._metricsCache.get(e)?.[Za(n)]||0}getChildSize(e){return this._childSizeCache.getSize(e)}getMarginSize(e){return this._marginSizeCache.getSize(e)}clear(){this._childSizeCache.clear(),this._marginSizeCache.clear(),this._metricsCache.clear()}},Se=class extends _i{constructor(){super(...arguments),this._itemSize={width:100,height:100},this._physicalItems=new Map,this._newPhysicalItems=new Map,this._metricsCache=new qr,this._anchorIdx=null,this._anchorPos=null,this._stable=!0,this._measureChildren=!0,this._estimate=!0}get measureChildren(){return this._measureChildren}updateItemSizes(e){this._metricsCache.update(e,this.direction),this._scheduleReflow()}_getPhysicalItem(e){return this._newPhysicalItems.get(e)??this._physicalItems.get(e)}_getSize(e){return this._getPhysicalItem(e)&&this._metricsCache.getChildSize(e)}_getAverageSize(){return this._metricsCache.averageChildSize||this._itemSize[this._sizeDim]}_estimatePosition(e){let n=this._metricsCache;if(this._first===-1||this._last===-1)return n.averageMarginSize+e*(n.averageMarginSize+this._getAverageSize());if(e<this._first){let i=this._first-e;return this._getPhysicalItem(this._first).pos-(n.getMarginSize(this._first-1)||n.averageMarginSize)-(i*n.averageChildSize+(i-1)*n.averageMarginSize)}else{let i=e-this._last;return this._getPhysicalItem(this._last).pos+(n.getChildSize(this._last)||n.averageChildSize)+(n.getMarginSize(this._last)||n.averageMarginSize)+i*(n.averageChildSize+n.averageMarginSize)}}_getPosition(e){let n=this._getPhysicalItem(e),{averageMarginSize:i}=this._metricsCache;return e===0?this._metricsCache.getMarginSize(0)??i:n?n.pos:this._estimatePosition(e)}_calculateAnchor(e,n){return e<=0?0:n>this._scrollSize-this._viewDim1?this.items.length-1:Math.max(0,Math.min(this.items.length-1,Math.floor((e+n)/2/this._delta)))}_getAnchor(e,n){if(this._physicalItems.size===0)return this._calculateAnchor(e,n);if(this._first<0)return this._calculateAnchor(e,n);if(this._last<0)return this._calculateAnchor(e,n);let i=this._getPhysicalItem(this._first),r=this._getPhysicalItem(this._last),s=i.pos;if(r.pos+this._metricsCache.getChildSize(this._last)<e)return this._calculateAnchor(e,n);if(s>n)return this._calculateAnchor(e,n);let l=this._firstVisible-1,u=-1/0;for(;u<e;)u=this._getPhysicalItem(++l).pos+this._metricsCache.getChildSize(l);return l}_getActiveItems(){this._viewDim1===0||this.items.length===0?this._clearItems():this._getItems()}_clearItems(){this._first=-1,this._last=-1,this._physicalMin=0,this._physicalMax=0;let e=this._newPhysicalItems;this._newPhysicalItems=this._physicalItems,this._newPhysicalItems.clear(),this._physicalItems=e,this._stable=!0}_getItems(){let e=this._newPhysicalItems;this._stable=!0;let n,i;if(this.pin!==null){let{index:u}=this.pin;this._anchorIdx=u,this._anchorPos=this._getPosition(u)}if(n=this._scrollPosition-this._overhang,i=this._scrollPosition+this._viewDim1+this._overhang,i<0||n>this._scrollSize){this._clearItems();return}(this._anchorIdx===null||this._anchorPos===null)&&(this._anchorIdx=this._getAnchor(n,i),this._anchorPos=this._getPosition(this._anchorIdx));let r=this._getSize(this._anchorIdx);r===void 0&&(this._stable=!1,r=this._getAverageSize());let s=this._metricsCache.getMarginSize(this._anchorIdx)??this._metricsCache.averageMarginSize,o=this._metricsCache.getMarginSize(this._anchorIdx+1)??this._metricsCache.averageMarginSize;this._anchorIdx===0&&(this._anchorPos=s),this._anchorIdx===this.items.length-1&&(this._anchorPos=this._scrollSize-o-r);let a=0;for(this._anchorPos+r+o<n&&(a=n-(this._anchorPos+r+o)),this._anchorPos-s>i&&(a=i-(this._anchorPos-s)),a&&(this._scrollPosition-=a,n-=a,i-=a,this._scrollError+=a),e.set(this._anchorIdx,{pos:this._anchorPos,size:r}),this._first=this._last=this._anchorIdx,this._physicalMin=this._anchorPos-s,this._physicalMax=this._anchorPos+r+o;this._physicalMin>n&&this._first>0;){let u=this._getSize(--this._first);u===void 0&&(this._stable=!1,u=this._getAverageSize());let h=this._metricsCache.getMarginSize(this._first);h===void 0&&(this._stable=!1,h=this._metricsCache.averageMarginSize),this._physicalMin-=u;let c=this._physicalMin;if(e.set(this._first,{pos:c,size:u}),this._physicalMin-=h,this._stable===!1&&this._estimate===!1)break}for(;this._physicalMax<i&&this._last<this.items.length-1;){let u=this._getSize(++this._last);u===void 0&&(this._stable=!1,u=this._getAverageSize());let h=this._metricsCache.getMarginSize(this._last);h===void 0&&(this._stable=!1,h=this._metricsCache.averageMarginSize);let c=this._physicalMax;if(e.set(this._last,{pos:c,size:u}),this._physicalMax+=u+h,!this._stable&&!this._estimate)break}let l=this._calculateError();l&&(this._physicalMin-=l,this._physicalMax-=l,this._anchorPos-=l,this._scrollPosition-=l,e.forEach(u=>u.pos-=l),this._scrollError+=l),this._stable&&(this._newPhysicalItems=this._physicalItems,this._newPhysicalItems.clear(),this._physicalItems=e)}_calculateError(){return this._first===0?this._physicalMin:this._physicalMin<=0?this._physicalMin-this._first*this._delta:this._last===this.items.length-1?this._physicalMax-this._scrollSize:this._physicalMax>=this._scrollSize?this._physicalMax-this._scrollSize+(this.items.length-1-this._last)*this._delta:0}_reflow(){let{_first:e,_last:n}=this;super._reflow(),(this._first===-1&&this._last==-1||this._first===e&&this._last===n)&&this._resetReflowState()}_resetReflowState(){this._anchorIdx=null,this._anchorPos=null,this._stable=!0}_updateScrollSize(){let{averageMarginSize:e}=this._metricsCache;this._scrollSize=Math.max(1,this.items.length*(e+this._getAverageSize())+e)}get _delta(){let{averageMarginSize:e}=this._metricsCache;return this._getAverageSize()+e}_getItemPosition(e){return{[this._positionDim]:this._getPosition(e),[this._secondaryPositionDim]:0,[Nh(this.direction)]:-(this._metricsCache.getLeadingMarginValue(e,this.direction)??this._metricsCache.averageMarginSize)}}_getItemSize(e){return{[this._sizeDim]:this._getSize(e)||this._getAverageSize(),[this._secondarySizeDim]:this._itemSize[this._secondarySizeDim]}}_viewDim2Changed(){this._metricsCache.clear(),this._scheduleReflow()}}});function Ih(t){let e=window.getComputedStyle(t);return{marginTop:vi(e.marginTop),marginRight:vi(e.marginRight),marginBottom:vi(e.marginBottom),marginLeft:vi(e.marginLeft)}}function vi(t){let e=t?parseFloat(t):NaN;return Number.isNaN(e)?0:e}function nl(t){if(t.assignedSlot!==null)return t.assignedSlot;if(t.parentElement!==null)return t.parentElement;let e=t.parentNode;return e&&e.nodeType===Node.DOCUMENT_FRAGMENT_NODE&&e.host||null}function Lh(t,e=!1){let n=[],i=e?t:nl(t);for(;i!==null;)n.push(i),i=nl(i);return n}function Dh(t,e=!1){let n=!1;return Lh(t,e).filter(i=>{if(n)return!1;let r=getComputedStyle(i);return n=r.position==="fixed",r.overflow!=="visible"})}var tl,fn,bi,el,wi,Ur=w(()=>{Fr();Ya();tl=typeof window<"u"?window.ResizeObserver:void 0,fn=Symbol("virtualizerRef"),bi="virtualizer-sizer",wi=class{constructor(e){if(this._benchmarkStart=null,this._layout=null,this._clippingAncestors=[],this._scrollSize=null,this._scrollError=null,this._childrenPos=null,this._childMeasurements=null,this._toBeMeasured=new Map,this._rangeChanged=!0,this._itemsChanged=!0,this._visibilityChanged=!0,this._scrollerController=null,this._isScroller=!1,this._sizer=null,this._hostElementRO=null,this._childrenRO=null,this._mutationObserver=null,this._scrollEventListeners=[],this._scrollEventListenerOptions={passive:!0},this._loadListener=this._childLoaded.bind(this),this._scrollIntoViewTarget=null,this._updateScrollIntoViewCoordinates=null,this._items=[],this._first=-1,this._last=-1,this._firstVisible=-1,this._lastVisible=-1,this._scheduled=new WeakSet,this._measureCallback=null,this._measureChildOverride=null,this._layoutCompletePromise=null,this._layoutCompleteResolver=null,this._layoutCompleteRejecter=null,this._pendingLayoutComplete=null,this._layoutInitialized=null,this._connected=!1,!e)throw new Error("Virtualizer constructor requires a configuration object");if(e.hostElement)this._init(e);else throw new Error('Virtualizer configuration requires the "hostElement" property')}set items(e){Array.isArray(e)&&e!==this._items&&(this._itemsChanged=!0,this._items=e,this._schedule(this._updateLayout))}_init(e){this._isScroller=!!e.scroller,this._initHostElement(e);let n=e.layout||{};this._layoutInitialized=this._initLayout(n)}_initObservers(){this._mutationObserver=new MutationObserver(this._finishDOMUpdate.bind(this)),this._hostElementRO=new tl(()=>this._hostElementSizeChanged()),this._childrenRO=new tl(this._childrenSizeChanged.bind(this))}_initHostElement(e){let n=this._hostElement=e.hostElement;this._applyVirtualizerStyles(),n[fn]=this}connected(){this._initObservers();let e=this._isScroller;this._clippingAncestors=Dh(this._hostElement,e),this._scrollerController=new gi(this,this._clippingAncestors[0]),this._schedule(this._updateLayout),this._observeAndListen(),this._connected=!0}_observeAndListen(){this._mutationObserver.observe(this._hostElement,{childList:!0}),this._hostElementRO.observe(this._hostElement),this._scrollEventListeners.push(window),window.addEventListener("scroll",this,this._scrollEventListenerOptions),this._clippingAncestors.forEach(e=>{e.addEventListener("scroll",this,this._scrollEventListenerOptions),this._scrollEventListeners.push(e),this._hostElementRO.observe(e)}),this._hostElementRO.observe(this._scrollerController.element),this._children.forEach(e=>this._childrenRO.observe(e)),this._scrollEventListeners.forEach(e=>e.addEventListener("scroll",this,this._scrollEventListenerOptions))}disconnected(){this._scrollEventListeners.forEach(e=>e.removeEventListener("scroll",this,this._scrollEventListenerOptions)),this._scrollEventListeners=[],this._clippingAncestors=[],this._scrollerController?.detach(this),this._scrollerController=null,this._mutationObserver?.disconnect(),this._mutationObserver=null,this._hostElementRO?.disconnect(),this._hostElementRO=null,this._childrenRO?.disconnect(),this._childrenRO=null,this._rejectLayoutCompletePromise("disconnected"),this._connected=!1}_applyVirtualizerStyles(){let n=this._hostElement.style;n.display=n.display||"block",n.position=n.position||"relative",n.contain=n.contain||"size layout",this._isScroller&&(n.overflow=n.overflow||"auto",n.minHeight=n.minHeight||"150px")}_getSizer(){let e=this._hostElement;if(!this._sizer){let n=e.querySelector(`[${bi}]`);n||(n=document.createElement("div"),n.setAttribute(bi,""),e.appendChild(n)),Object.assign(n.style,{position:"absolute",margin:"-2px 0 0 0",padding:0,visibility:"hidden",fontSize:"2px"}),n.textContent="&nbsp;",n.setAttribute(bi,""),this._sizer=n}return this._sizer}async updateLayoutConfig(e){await this._layoutInitialized;let n=e.type||el;if(typeof n=="function"&&this._layout instanceof n){let i={...e};return delete i.type,this._layout.config=i,!0}return!1}async _initLayout(e){let n,i;if(typeof e.type=="function"){i=e.type;let r={...e};delete r.type,n=r}else n=e;i===void 0&&(el=i=(await Promise.resolve().then(()=>(yi(),Ja))).FlowLayout),this._layout=new i(r=>this._handleLayoutMessage(r),n),this._layout.measureChildren&&typeof this._layout.updateItemSizes=="function"&&(typeof this._layout.measureChildren=="function"&&(this._measureChildOverride=this._layout.measureChildren),this._measureCallback=this._layout.updateItemSizes.bind(this._layout)),this._layout.listenForChildLoadEvents&&this._hostElement.addEventListener("load",this._loadListener,!0),this._schedule(this._updateLayout)}startBenchmarking(){this._benchmarkStart===null&&(this._benchmarkStart=window.performance.now())}stopBenchmarking(){if(this._benchmarkStart!==null){let e=window.performance.now(),n=e-this._benchmarkStart,r=performance.getEntriesByName("uv-virtualizing","measure").filter(s=>s.startTime>=this._benchmarkStart&&s.startTime<e).reduce((s,o)=>s+o.duration,0);return this._benchmarkStart=null,{timeElapsed:n,virtualizationTime:r}}return null}_measureChildren(){let e={},n=this._children,i=this._measureChildOverride||this._measureChild;for(let r=0;r<n.length;r++){let s=n[r],o=this._first+r;(this._itemsChanged||this._toBeMeasured.has(s))&&(e[o]=i.call(this,s,this._items[o]))}this._childMeasurements=e,this._schedule(this._updateLayout),this._toBeMeasured.clear()}_measureChild(e){let{width:n,height:i}=e.getBoundingClientRect();return Object.assign({width:n,height:i},Ih(e))}async _schedule(e){this._scheduled.has(e)||(this._scheduled.add(e),await Promise.resolve(),this._scheduled.delete(e),e.call(this))}async _updateDOM(e){this._scrollSize=e.scrollSize,this._adjustRange(e.range),this._childrenPos=e.childPositions,this._scrollError=e.scrollError||null;let{_rangeChanged:n,_itemsChanged:i}=this;this._visibilityChanged&&(this._notifyVisibility(),this._visibilityChanged=!1),(n||i)&&(this._notifyRange(),this._rangeChanged=!1),this._finishDOMUpdate()}_finishDOMUpdate(){this._connected&&(this._children.forEach(e=>this._childrenRO.observe(e)),this._checkScrollIntoViewTarget(this._childrenPos),this._positionChildren(this._childrenPos),this._sizeHostElement(this._scrollSize),this._correctScrollError(),this._benchmarkStart&&"mark"in window.performance&&window.performance.mark("uv-end"))}_updateLayout(){this._layout&&this._connected&&(this._layout.items=this._items,this._updateView(),this._childMeasurements!==null&&(this._measureCallback&&this._measureCallback(this._childMeasurements),this._childMeasurements=null),this._layout.reflowIfNeeded(),this._benchmarkStart&&"mark"in window.performance&&window.performance.mark("uv-end"))}_handleScrollEvent(){if(this._benchmarkStart&&"mark"in window.performance){try{window.performance.measure("uv-virtualizing","uv-start","uv-end")}catch(e){console.warn("Error measuring performance data: ",e)}window.performance.mark("uv-start")}this._scrollerController.correctingScrollError===!1&&this._layout?.unpin(),this._schedule(this._updateLayout)}handleEvent(e){e.type==="scroll"?(e.currentTarget===window||this._clippingAncestors.includes(e.currentTarget))&&this._handleScrollEvent():console.warn("event not handled",e)}_handleLayoutMessage(e){e.type==="stateChanged"?this._updateDOM(e):e.type==="visibilityChanged"?(this._firstVisible=e.firstVisible,this._lastVisible=e.lastVisible,this._notifyVisibility()):e.type==="unpinned"&&this._hostElement.dispatchEvent(new cn)}get _children(){let e=[],n=this._hostElement.firstElementChild;for(;n;)n.hasAttribute(bi)||e.push(n),n=n.nextElementSibling;return e}_updateView(){let e=this._hostElement,n=this._scrollerController?.element,i=this._layout;if(e&&n&&i){let r,s,o,a,l=e.getBoundingClientRect();r=0,s=0,o=window.innerHeight,a=window.innerWidth;let u=this._clippingAncestors.map(_=>_.getBoundingClientRect());u.unshift(l);for(let _ of u)r=Math.max(r,_.top),s=Math.max(s,_.left),o=Math.min(o,_.bottom),a=Math.min(a,_.right);let h=n.getBoundingClientRect(),c={left:l.left-h.left,top:l.top-h.top},f={width:n.scrollWidth,height:n.scrollHeight},d=r-l.top+e.scrollTop,m=s-l.left+e.scrollLeft,g=Math.max(0,o-r),p=Math.max(0,a-s);i.viewportSize={width:p,height:g},i.viewportScroll={top:d,left:m},i.totalScrollSize=f,i.offsetWithinScroller=c}}_sizeHostElement(e){let i=e&&e.width!==null?Math.min(82e5,e.width):0,r=e&&e.height!==null?Math.min(82e5,e.height):0;if(this._isScroller)this._getSizer().style.transform=`translate(${i}px, ${r}px)`;else{let s=this._hostElement.style;s.minWidth=i?`${i}px`:"100%",s.minHeight=r?`${r}px`:"100%"}}_positionChildren(e){e&&e.forEach(({top:n,left:i,width:r,height:s,xOffset:o,yOffset:a},l)=>{let u=this._children[l-this._first];u&&(u.style.position="absolute",u.style.boxSizing="border-box",u.style.transform=`translate(${i}px, ${n}px)`,r!==void 0&&(u.style.width=r+"px"),s!==void 0&&(u.style.height=s+"px"),u.style.left=o===void 0?null:o+"px",u.style.top=a===void 0?null:a+"px")})}async _adjustRange(e){let{_first:n,_last:i,_firstVisible:r,_lastVisible:s}=this;this._first=e.first,this._last=e.last,this._firstVisible=e.firstVisible,this._lastVisible=e.lastVisible,this._rangeChanged=this._rangeChanged||this._first!==n||this._last!==i,this._visibilityChanged=this._visibilityChanged||this._firstVisible!==r||this._lastVisible!==s}_correctScrollError(){if(this._scrollError){let{scrollTop:e,scrollLeft:n}=this._scrollerController,{top:i,left:r}=this._scrollError;this._scrollError=null,this._scrollerController.correctScrollError({top:e-i,left:n-r})}}element(e){return e===1/0&&(e=this._items.length-1),this._items?.[e]===void 0?void 0:{scrollIntoView:(n={})=>this._scrollElementIntoView({...n,index:e})}}_scrollElementIntoView(e){if(e.index>=this._first&&e.index<=this._last)this._children[e.index-this._first].scrollIntoView(e);else if(e.index=Math.min(e.index,this._items.length-1),e.behavior==="smooth"){let n=this._layout.getScrollIntoViewCoordinates(e),{behavior:i}=e;this._updateScrollIntoViewCoordinates=this._scrollerController.managedScrollTo(Object.assign(n,{behavior:i}),()=>this._layout.getScrollIntoViewCoordinates(e),()=>this._scrollIntoViewTarget=null),this._scrollIntoViewTarget=e}else this._layout.pin=e}_checkScrollIntoViewTarget(e){let{index:n}=this._scrollIntoViewTarget||{};n&&e?.has(n)&&this._updateScrollIntoViewCoordinates(this._layout.getScrollIntoViewCoordinates(this._scrollIntoViewTarget))}_notifyRange(){this._hostElement.dispatchEvent(new xe({first:this._first,last:this._last}))}_notifyVisibility(){this._hostElement.dispatchEvent(new $e({first:this._firstVisible,last:this._lastVisible}))}get layoutComplete(){return this._layoutCompletePromise||(this._layoutCompletePromise=new Promise((e,n)=>{this._layoutCompleteResolver=e,this._layoutCompleteRejecter=n})),this._layoutCompletePromise}_rejectLayoutCompletePromise(e){this._layoutCompleteRejecter!==null&&this._layoutCompleteRejecter(e),this._resetLayoutCompleteState()}_scheduleLayoutComplete(){this._layoutCompletePromise&&this._pendingLayoutComplete===null&&(this._pendingLayoutComplete=requestAnimationFrame(()=>requestAnimationFrame(()=>this._resolveLayoutCompletePromise())))}_resolveLayoutCompletePromise(){this._layoutCompleteResolver!==null&&this._layoutCompleteResolver(),this._resetLayoutCompleteState()}_resetLayoutCompleteState(){this._layoutCompletePromise=null,this._layoutCompleteResolver=null,this._layoutCompleteRejecter=null,this._pendingLayoutComplete=null}_hostElementSizeChanged(){this._schedule(this._updateLayout)}_childLoaded(){}_childrenSizeChanged(e){if(this._layout?.measureChildren){for(let n of e)this._toBeMeasured.set(n.target,n.contentRect);this._measureChildren()}this._scheduleLayoutComplete(),this._itemsChanged=!1,this._rangeChanged=!1}}});var Wr,Kr,jr,il,rl=w(()=>{ot();Ia();Ua();Xa();Ur();Ur();Wr=t=>t,Kr=(t,e)=>y`${e}: ${JSON.stringify(t,null,2)}`,jr=class extends mi{constructor(e){if(super(e),this._virtualizer=null,this._first=0,this._last=-1,this._renderItem=(n,i)=>Kr(n,i+this._first),this._keyFunction=(n,i)=>Wr(n,i+this._first),this._items=[],e.type!==qt.CHILD)throw new Error("The virtualize directive can only be used in child expressions")}render(e){e&&this._setFunctions(e);let n=[];if(this._first>=0&&this._last>=this._first)for(let i=this._first;i<=this._last;i++)n.push(this._items[i]);return Wa(n,this._keyFunction,this._renderItem)}update(e,[n]){this._setFunctions(n);let i=this._items!==n.items;return this._items=n.items||[],this._virtualizer?this._updateVirtualizerConfig(e,n):this._initialize(e,n),i?ct:this.render()}async _updateVirtualizerConfig(e,n){if(!await this._virtualizer.updateLayoutConfig(n.layout||{})){let r=e.parentNode;this._makeVirtualizer(r,n)}this._virtualizer.items=this._items}_setFunctions(e){let{renderItem:n,keyFunction:i}=e;n&&(this._renderItem=(r,s)=>n(r,s+this._first)),i&&(this._keyFunction=(r,s)=>i(r,s+this._first))}_makeVirtualizer(e,n){this._virtualizer&&this._virtualizer.disconnected();let{layout:i,scroller:r,items:s}=n;this._virtualizer=new wi({hostElement:e,layout:i,scroller:r}),this._virtualizer.items=s,this._virtualizer.connected()}_initialize(e,n){let i=e.parentNode;i&&i.nodeType===1&&(i.addEventListener("rangeChanged",r=>{this._first=r.first,this._last=r.last,this.setValue(this.render())}),this._makeVirtualizer(i,n))}disconnected(){this._virtualizer?.disconnected()}reconnected(){this._virtualizer?.connected()}},il=oe(jr)});var Rt,sl=w(()=>{Na();ot();za();rl();Rt=class extends D{constructor(){super(...arguments),this.items=[],this.renderItem=Kr,this.keyFunction=Wr,this.layout={},this.scroller=!1}createRenderRoot(){return this}render(){let{items:e,renderItem:n,keyFunction:i,layout:r,scroller:s}=this;return y`${il({items:e,renderItem:n,keyFunction:i,layout:r,scroller:s})}`}element(e){return this[fn]?.element(e)}get layoutComplete(){return this[fn]?.layoutComplete}scrollToIndex(e,n="start"){this.element(e)?.scrollIntoView({block:n})}};ve([M({attribute:!1})],Rt.prototype,"items",void 0);ve([M()],Rt.prototype,"renderItem",void 0);ve([M()],Rt.prototype,"keyFunction",void 0);ve([M({attribute:!1})],Rt.prototype,"layout",void 0);ve([M({reflect:!0,type:Boolean})],Rt.prototype,"scroller",void 0)});var Xr=w(()=>{sl();Fr();customElements.define("lit-virtualizer",Rt)});function xi(t,e){if(t===null||!Number.isFinite(t))return null;let n=Math.min(e[0],e[1]),i=Math.max(e[0],e[1]);if(!(i>n))return null;let r=l=>(Math.min(i,Math.max(n,l))-n)/(i-n)*100,s=n<=0&&i>=0?0:n,o=r(s),a=r(t);return{left:Math.min(o,a),width:Math.abs(a-o),negative:t<s}}function Yr(t){return String(Math.round(t*1e4)/1e4)}function Gr(t,e,n){let i=xi(0,e),r=i?[`--o:${Yr(i.left/100)}`]:[],s=xi(t,e);if(s&&s.width>0){let o=s.width/100,a=o>=1?0:s.left/100/(1-o);r.push(`--p:${Yr(a)}`,`--w:${Yr(o)}`,`--c:${n}`)}return r.join(";")}var Qr=w(()=>{"use strict"});function Tt(t,e){if(e===null||e==="rest")return dn;let n=t.indexOf(e);return n<0?dn:ol[n%ol.length]}function Fh(t){let e=n=>{let i=parseInt(t.slice(n,n+2),16)/255;return i<=.03928?i/12.92:((i+.055)/1.055)**2.4};return .2126*e(1)+.7152*e(3)+.0722*e(5)}function Hh(t){return 1.05/(Fh(t)+.05)}function Vh(t){let e=[1,3,5].map(n=>parseInt(t.slice(n,n+2),16));for(let n=1;n>0;n-=.02){let i="#"+e.map(r=>Math.round(r*n).toString(16).padStart(2,"0")).join("");if(Hh(i)>=4.5)return i}return"#000000"}function $i(t,e){return Vh(Tt(t,e))}function ae(t,e,n,i){return i===null||i===0?dn:i>0?Tt(t,e):Tt(t,n)}var ol,dn,pn=w(()=>{"use strict";ol=["#0072B2","#D55E00","#009E73","#CC79A7","#E69F00","#56B4E9","#F0E442","#000000"],dn="#767676"});var Si,al,Zr=w(()=>{"use strict";ot();Si=ht`<svg viewBox="0 0 16 16" width="14" height="14" aria-hidden="true"
  ><path d="M2.2 1.5h1.6v13H2.2zM3.8 2.2h8.4l-2 3 2 3H3.8z" fill="currentColor"/></svg>`,al=ht`<svg viewBox="0 0 16 16" width="14" height="14" aria-hidden="true"
  ><path d="M1.5 8s2.4-4.2 6.5-4.2S14.5 8 14.5 8s-2.4 4.2-6.5 4.2S1.5 8 1.5 8zM8 6.6a1.4 1.4 0 1 0 0 2.8a1.4 1.4 0 1 0 0-2.8zM2.5 13.5l11-11"
    fill="none" stroke="currentColor" stroke-width="1.4" stroke-linecap="round"/></svg>`});function Jr(t,e){let n=null,i=null,r=()=>{n=null;let o=i;i=null,o&&t(...o)},s=(...o)=>{i=o,n!==null&&clearTimeout(n),n=setTimeout(r,e)};return s.cancel=()=>{n!==null&&clearTimeout(n),n=null,i=null},s.flush=()=>{n!==null&&clearTimeout(n),r()},s}function ll(t,e){let n=null,i=!1,r=()=>{i?(i=!1,t(),n=setTimeout(r,e)):n=null},s=()=>{n===null?(t(),n=setTimeout(r,e)):i=!0};return s.cancel=()=>{n!==null&&clearTimeout(n),n=null,i=!1},s.flush=()=>{i&&(i=!1,t())},s}var ts=w(()=>{"use strict"});function qh(t,e){let n=[];for(let i of t){let r=n[n.length-1];r&&i===r[r.length-1]+1&&r.length<e?r.push(i):n.push([i])}return n}var mn,ul=w(()=>{"use strict";mn=class{constructor(e,n=200,i,r=e){this.total=null;this.error=null;this.pages=new Map;this.loading=new Set;this.abort=new AbortController;if(!(e>=1)||!(n>=1))throw new RangeError("pageSize and maxPages must be positive");this.pageSize=e,this.maxPages=n,this.maxRequest=r,this.fallback=i?new Map(i.pages):new Map,i&&(this.total=i.total)}pageOf(e){return Math.floor(e/this.pageSize)}get(e){let n=this.pageOf(e);return(this.pages.get(n)??this.fallback.get(n))?.[e-n*this.pageSize]}isStale(e){let n=this.pageOf(e);return!this.pages.has(n)&&this.fallback.has(n)}has(e){return this.pages.has(e)}get busy(){return this.loading.size>0}missing(e,n){let i=this.total===null?n:Math.min(n,this.total-1),r=[];for(let s=this.pageOf(Math.max(0,e));s<=this.pageOf(Math.max(0,i));s++)!this.pages.has(s)&&!this.loading.has(s)&&r.push(s);return r}async load(e,n,i,r){let s=this.missing(e,n);this.touch(e,n),await Promise.all(qh(s,Math.max(1,Math.floor(this.maxRequest/this.pageSize))).map(async o=>{for(let l of o)this.loading.add(l);let a=o[0];try{let l=await i(a*this.pageSize,o.length*this.pageSize,this.abort.signal);if(this.abort.signal.aborted)return;o.forEach((u,h)=>this.store(u,l.rows.slice(h*this.pageSize,(h+1)*this.pageSize),l.total,e,n)),this.error=null}catch(l){if(this.abort.signal.aborted)return;this.error=l}finally{for(let l of o)this.loading.delete(l)}r()}))}store(e,n,i,r=0,s=0){this.pages.set(e,n),this.total=i,this.evict(r,s)}dispose(){this.abort.abort()}get loadedPages(){return[...this.pages.keys()]}touch(e,n){for(let i=this.pageOf(Math.max(0,e));i<=this.pageOf(Math.max(0,n));i++){let r=this.pages.get(i);r&&(this.pages.delete(i),this.pages.set(i,r))}}evict(e,n){let i=this.pageOf(Math.max(0,e)),r=this.pageOf(Math.max(0,n));for(let s of this.pages.keys()){if(this.pages.size<=this.maxPages)break;(s<i||s>r)&&this.pages.delete(s)}}}});var cl,Me,es=w(()=>{"use strict";ts();ul();cl=[],Me=class{constructor(e,n,i=60){this.host=e;this.sizes=n;this.initialRows=i;this.items=cl;this.key=null;this.fetcher=null;this.window=[0,0];this.loadWindow=ll(()=>this.loadNow(),40);this.cache=new mn(1),e.addController(this)}hostDisconnected(){this.loadWindow.cancel(),this.cache.dispose()}setQuery(e,n,i){if(e===this.key)return!1;this.key=e,this.fetcher=n;let r=this.cache;r.dispose();let{pageSize:s,maxRequest:o}=this.sizes();return this.cache=new mn(s,200,i.keepRows?r:void 0,o),i.keepRows||(this.items=cl),(i.fromTop||!i.keepRows)&&(this.window=[0,this.initialRows]),this.loadNow(),!0}onRange(e,n){this.window=[e,n],this.cache.missing(e,n).length>0&&this.loadWindow()}get total(){return this.failedEmpty?null:this.cache.total}get failedEmpty(){return this.cache.error!==null&&this.cache.loadedPages.length===0}retry(){this.cache.error=null,this.loadNow()}get loading(){return this.cache.busy}loadNow(){let e=this.fetcher;if(!e)return;let n=this.cache;n.load(this.window[0],this.window[1],e,()=>{if(n!==this.cache)return;let i=this.failedEmpty?0:n.total??0;this.items.length!==i&&(this.items=Array.from({length:i},(r,s)=>s)),this.host.requestUpdate()}),this.host.requestUpdate()}}});var Bh,Uh,mt,hl=w(()=>{"use strict";ot();vt();Lr();Xr();yi();te();Qr();pn();ye();re();hi();Zr();es();wt();Ft();Bh=Br(),Uh="minmax(9rem, 2fr) repeat(3, minmax(7rem, 1fr)) repeat(2, minmax(4.5rem, 0.7fr)) 2.5rem",mt=class extends D{constructor(){super(...arguments);this.flags={flagged:new Set,hidden:new Set};this.gapDomain=[-2,2];this.meta=null;this.rows=new Me(this,()=>({pageSize:this.limits.page_size,maxRequest:this.limits.max_limit}))}willUpdate(n){if(n.has("state")||n.has("api")||n.has("runs")){let i=this.state,r=Ir(i,this.runs),s=JSON.stringify([ci(i),r,i.compareSort,i.compareOrder]);if(this.rows.setQuery(s,async(a,l,u)=>{let h=await this.api.get(aa(i,r,a,l),u);return u.aborted||(this.meta=h),{rows:h.rows,total:h.total}},{keepRows:!1,fromTop:!0})){this.meta=null;let a=this.renderRoot.querySelector("lit-virtualizer");a&&(a.scrollTop=0)}}}change(n){H(this,"state-change",n)}bar(n,i){let r=xi(n,this.gapDomain);return y`<div class="bar" aria-hidden="true">
      ${r?y`<div class="fill" style=${fi({left:`${r.left}%`,width:`${r.width}%`,background:i})}></div>`:$}
    </div>`}renderRow(n){let i=this.rows.cache.get(n);if(!i)return y`<div class="row" role="row" aria-rowindex=${n+2} data-testid="compare-row-placeholder">
        <div role="cell" class="cell" style="color:var(--muted)">Loading\u2026</div>
      </div>`;let r=this.state,s=this.info.identities,o=this.flags.flagged.has(i.label),a=(l,u)=>y`<div role="cell" class="cell valuecell" data-testid=${u}>
        ${this.bar(l,ae(s,r.x1,r.x2,l))}<span class="num">${ee(l)}</span>
      </div>`;return y`<div
      class="row data ${this.rows.cache.isStale(n)?"stale":""}"
      role="row"
      aria-rowindex=${n+2}
      data-testid="compare-row"
      data-label=${i.label}
    >
      <div role="cell" class="cell" title=${i.label}>${i.label}</div>
      ${a(i.gap_a,"cell-gap-a")} ${a(i.gap_b,"cell-gap-b")} ${a(i.delta,"cell-delta")}
      <div role="cell" class="cell num">${U(i.count_a)}</div>
      <div role="cell" class="cell num">${U(i.count_b)}</div>
      <div role="cell" class="cell flag">${o?y`<span role="img" aria-label="flagged" title="flagged">${Si}</span>`:$}</div>
    </div>`}header(n,i){let r=this.state,s=[{id:"label",title:"Label",sortable:!0},{id:"gap_a",title:`Gap A (${n})`,sortable:!0},{id:"gap_b",title:`Gap B (${i})`,sortable:!0},{id:"delta",title:"Δ = B − A",sortable:!0},{id:"count_a",title:"Count A",sortable:!1},{id:"count_b",title:"Count B",sortable:!1}];return y`<div class="row header" role="row" aria-rowindex="1">
      ${s.map(o=>{if(!o.sortable)return y`<div role="columnheader" class="cell num">${o.title}</div>`;let a=o.id,l=r.compareSort===a,u=l?r.compareOrder==="asc"?"ascending":r.compareOrder==="desc"?"descending":"other":"none",h=l?r.compareOrder==="asc"?" ▲":r.compareOrder==="desc"?" ▼":" |▼|":"";return y`<div role="columnheader" class="cell" aria-sort=${u}>
          <button
            type="button"
            data-testid=${`compare-sort-header-${a}`}
            title=${o.title}
            @click=${()=>this.change(Aa(r,a))}
          >
            ${o.title}<span aria-hidden="true">${h}</span>
          </button>
        </div>`})}
      <div role="columnheader" class="cell"><span class="visually-hidden">Flagged</span></div>
    </div>`}render(){let n=this.state,i=this.runs.runs.filter(g=>g.tags.length>0),r=Ir(n,this.runs),s=r.run,o=r.tag,a=li(this.runs,s,o),l=i.find(g=>g.run===s)?.tags??[],u=this.rows.cache,h=u.total,c=this.meta,f=n.step===null?"latest":`step ${n.step}`,d=r.step===null?"latest":`step ${r.step}`,m=a?.steps[a.steps.length-1];return y`
      <div class="pickers" role="group" aria-label="Table B">
        <span>A: <strong>${n.run}</strong> / ${n.tag}, ${f} (set in the controls)</span>
        <label
          >B run
          <select
            data-testid="compare-run-select"
            @change=${g=>this.change({run2:g.target.value,tag2:o,step2:null})}
          >
            ${i.map(g=>y`<option .value=${g.run} .selected=${g.run===s}>${g.run}</option>`)}
          </select>
        </label>
        <label
          >table
          <select
            data-testid="compare-tag-select"
            @change=${g=>this.change({run2:s,tag2:g.target.value,step2:null})}
          >
            ${l.map(g=>y`<option .value=${g.tag} .selected=${g.tag===o}>${g.tag}</option>`)}
          </select>
        </label>
        <label
          >step
          <select
            data-testid="compare-step-select"
            @change=${g=>{let p=g.target.value;this.change({run2:s,tag2:o,step2:p===""?null:Number(p)})}}
          >
            <option value="" .selected=${r.step===null}>latest${m===void 0?"":` (${m})`}</option>
            ${(a?.steps??[]).map(g=>y`<option .value=${String(g)} .selected=${g===r.step}>${g}</option>`)}
          </select>
        </label>
      </div>
      <div class="summary" data-testid="compare-summary" aria-live="polite">
        Gap ${n.metric}, ${Ct(n.x1,n.x2)}.
        ${h!==null?y`${Jn(h,null)} in both`:$}
        ${c?y` \u00b7 ${U(c.only_in_a)} only in A \u00b7 ${U(c.only_in_b)} only in B`:$}
        ${c?y` \u00b7 A = ${c.a.run} step ${c.a.step}, B = ${c.b.run} step ${c.b.step}`:$}
      </div>
      ${u.error?y`<div class="error" role="alert" data-testid="error-message">
            ${pt(u.error)} <button type="button" @click=${()=>this.rows.retry()}>Retry</button>
          </div>`:$}
      <div
        class="table"
        role="table"
        aria-label="Gap changes between table A and table B"
        aria-rowcount=${(h??0)+1}
        aria-busy=${this.rows.loading}
        data-testid="compare-table"
        data-total=${h??""}
        data-loading=${this.rows.loading}
      >
        ${this.header(c?`${c.a.run}@${c.a.step}`:f,c?`${c.b.run}@${c.b.step}`:d)}
        ${h===null&&this.rows.loading?y`<div class="empty loading" data-testid="loading">Loading\u2026</div>`:$}
        ${h===0?y`<div class="empty" data-testid="compare-empty">No labels match the current filters in both tables.</div>`:$}
        <lit-virtualizer
          scroller
          role="rowgroup"
          tabindex="0"
          aria-label="Rows; scroll with the arrow keys"
          .layout=${Bh}
          .items=${this.rows.items}
          .renderItem=${g=>this.renderRow(g)}
          @rangeChanged=${g=>this.rows.onRange(g.first,g.last)}
        ></lit-virtualizer>
      </div>
    `}};mt.styles=[Q,j`
      :host {
        display: flex;
        flex-direction: column;
        min-height: 0;
      }
      .pickers {
        display: flex;
        flex-wrap: wrap;
        gap: 8px 16px;
        align-items: center;
        margin-bottom: 6px;
      }
      .pickers label {
        display: inline-flex;
        gap: 6px;
        align-items: center;
        color: var(--muted);
      }
      .summary {
        color: var(--muted);
        margin-bottom: 6px;
      }
      .table {
        display: flex;
        flex-direction: column;
        flex: 1;
        min-height: 240px;
        border: 1px solid var(--border);
        border-radius: 6px;
        background: #fff;
        overflow: hidden;
      }
      .row {
        display: grid;
        grid-template-columns: ${qn(Uh)};
        align-items: center;
        width: 100%;
        height: 30px;
        border-bottom: 1px solid #eef0f2;
      }
      .header {
        background: #f8f9fa;
        border-bottom: 1px solid var(--border);
        font-weight: 600;
        min-height: 34px;
        height: auto;
      }
      .header button {
        border: none;
        background: transparent;
        font-weight: 600;
        padding: 2px 4px;
        width: 100%;
        text-align: left;
      }
      .cell {
        padding: 0 6px;
        min-width: 0;
        overflow: hidden;
        white-space: nowrap;
        text-overflow: ellipsis;
      }
      .num {
        text-align: right;
        font-variant-numeric: tabular-nums;
      }
      .valuecell {
        display: grid;
        grid-template-columns: 1fr 3.6rem;
        gap: 4px;
        align-items: center;
      }
      .bar {
        position: relative;
        height: 10px;
        background: #f1f3f4;
        border-radius: 2px;
      }
      .bar .fill {
        position: absolute;
        top: 0;
        bottom: 0;
        border-radius: 2px;
      }
      .row.data:hover {
        background: var(--hover);
      }
      .row.stale {
        opacity: 0.5;
      }
      lit-virtualizer {
        flex: 1;
        min-height: 0;
      }
      .flag {
        color: #d55e00;
        text-align: center;
      }
      .empty {
        padding: 16px;
        color: var(--muted);
      }
    `],v([M({attribute:!1})],mt.prototype,"api",2),v([M({attribute:!1})],mt.prototype,"runs",2),v([M({attribute:!1})],mt.prototype,"state",2),v([M({attribute:!1})],mt.prototype,"info",2),v([M({attribute:!1})],mt.prototype,"flags",2),v([M({attribute:!1})],mt.prototype,"gapDomain",2),v([M({attribute:!1})],mt.prototype,"limits",2),mt=v([G("tb-bias-compare")],mt)});var Ut,fl=w(()=>{"use strict";ot();vt();wt();Ft();Ut=class extends D{change(e){H(this,"state-change",e)}value(e){return e.target.value}onX1(e){let n=this.value(e),i=n===this.state.x2?this.state.x1:this.state.x2;this.change({x1:n,x2:i})}onSmoothing(e){let n=e.target,i=Number(n.value);if(n.value.trim()===""||!Number.isFinite(i)||i<0){n.value=String(this.state.smoothing);return}this.change({smoothing:i})}render(){let e=this.state,n=this.info,i=this.runs.runs.filter(u=>u.tags.length>0),r=i.find(u=>u.run===e.run)?.tags??[],s=n.kind==="counts",o=n.steps.length?n.steps[n.steps.length-1]:void 0,a=this.runs.metrics,l=n.identities.filter(u=>u!==e.x1);return y`
      <div class="grid" role="group" aria-label="Table and metric">
        <label for="run">Run</label>
        <select id="run" data-testid="run-select" @change=${u=>this.change({run:this.value(u)})}>
          ${i.map(u=>y`<option .value=${u.run} .selected=${u.run===e.run}>${u.run}</option>`)}
        </select>

        <label for="tag">Table</label>
        <select id="tag" data-testid="tag-select" @change=${u=>this.change({tag:this.value(u)})}>
          ${r.map(u=>y`<option .value=${u.tag} .selected=${u.tag===e.tag}>${u.tag}</option>`)}
        </select>
        ${n.description?y`<p class="description">${n.description}</p>`:$}

        <label for="step">Step</label>
        <select
          id="step"
          data-testid="step-select"
          @change=${u=>{let h=this.value(u);this.change({step:h===""?null:Number(h)})}}
        >
          <option value="" .selected=${e.step===null}>latest${o===void 0?"":` (${o})`}</option>
          ${n.steps.map(u=>y`<option .value=${String(u)} .selected=${u===e.step}>${u}</option>`)}
        </select>

        ${s?y`
              <label for="threshold">Threshold</label>
              <select
                id="threshold"
                data-testid="threshold-select"
                ?disabled=${n.thresholds.length<2}
                @change=${u=>this.change({threshold:Number(this.value(u))})}
              >
                ${n.thresholds.map((u,h)=>y`<option .value=${String(u)} .selected=${e.threshold===null?h===0:u===e.threshold}>
                      ${u}
                    </option>`)}
              </select>
            `:$}

        <label for="metric">Metric</label>
        <select id="metric" data-testid="metric-select" @change=${u=>this.change({metric:this.value(u)})}>
          ${n.metrics.map(u=>y`<option .value=${u} .selected=${u===e.metric}>${a[u]?`${u} – ${a[u]}`:u}</option>`)}
        </select>

        <label for="x1">Identity</label>
        <select id="x1" data-testid="x1-select" @change=${this.onX1}>
          ${n.identities.map(u=>y`<option .value=${u} .selected=${u===e.x1}>${u}</option>`)}
        </select>

        <label for="x2">versus</label>
        <div class="pair">
          <select
            id="x2"
            data-testid="x2-select"
            ?disabled=${l.length===0}
            @change=${u=>this.change({x2:this.value(u)})}
          >
            ${l.length===0?y`<option value="">(only one identity)</option>`:$}
            ${l.map(u=>y`<option .value=${u} .selected=${u===e.x2}>${u}</option>`)}
            ${l.length>0?y`<option value="rest" .selected=${e.x2==="rest"}>the rest (one-vs-rest)</option>`:$}
          </select>
          <button
            type="button"
            data-testid="swap-pair"
            aria-label="Swap the two identities"
            title="Swap"
            ?disabled=${e.x2===null||e.x2==="rest"}
            @click=${()=>this.change({x1:e.x2,x2:e.x1})}
          >
            \u21c4
          </button>
        </div>

        ${s?y`
              <label for="smoothing">Smoothing</label>
              <input
                id="smoothing"
                data-testid="smoothing-input"
                type="number"
                min="0"
                step="0.5"
                .value=${String(e.smoothing)}
                aria-describedby="smoothing-help"
                @change=${this.onSmoothing}
              />
              <span id="smoothing-help" class="visually-hidden">
                Additive smoothing added to each cell of the two-by-two counts; 0 for none
              </span>
            `:$}
      </div>
    `}};Ut.styles=[Q,j`
      :host {
        display: block;
      }
      .grid {
        display: grid;
        grid-template-columns: 5.5rem 1fr;
        gap: 6px 8px;
        align-items: center;
      }
      label {
        color: var(--muted);
      }
      select,
      input {
        width: 100%;
      }
      .pair {
        display: flex;
        gap: 4px;
        align-items: center;
      }
      .pair select {
        flex: 1;
      }
      .description {
        grid-column: 1 / -1;
        color: var(--muted);
        font-size: 12px;
        margin: 0;
        overflow-wrap: anywhere;
      }
    `],v([M({attribute:!1})],Ut.prototype,"runs",2),v([M({attribute:!1})],Ut.prototype,"state",2),v([M({attribute:!1})],Ut.prototype,"info",2),Ut=v([G("tb-bias-controls")],Ut)});function jh(t){return t}function Wh(t){return"translate("+t+",0)"}function Kh(t){return"translate(0,"+t+")"}function Xh(t){return e=>+t(e)}function Yh(t,e){return e=Math.max(0,t.bandwidth()-e*2)/2,t.round()&&(e=Math.round(e)),n=>+t(n)+e}function Gh(){return!this.__axis}function pl(t,e){var n=[],i=null,r=null,s=6,o=6,a=3,l=typeof window<"u"&&window.devicePixelRatio>1?0:.5,u=t===ns||t===gn?-1:1,h=t===gn||t===is?"x":"y",c=t===ns||t===rs?Wh:Kh;function f(d){var m=i??(e.ticks?e.ticks.apply(e,n):e.domain()),g=r??(e.tickFormat?e.tickFormat.apply(e,n):jh),p=Math.max(s,0)+a,_=e.range(),x=+_[0]+l,b=+_[_.length-1]+l,S=(e.bandwidth?Yh:Xh)(e.copy(),l),E=d.selection?d.selection():d,R=E.selectAll(".domain").data([null]),O=E.selectAll(".tick").data(m,e).order(),N=O.exit(),V=O.enter().append("g").attr("class","tick"),T=O.select("line"),L=O.select("text");R=R.merge(R.enter().insert("path",".tick").attr("class","domain").attr("stroke","currentColor")),O=O.merge(V),T=T.merge(V.append("line").attr("stroke","currentColor").attr(h+"2",u*s)),L=L.merge(V.append("text").attr("fill","currentColor").attr(h,u*p).attr("dy",t===ns?"0em":t===rs?"0.71em":"0.32em")),d!==E&&(R=R.transition(d),O=O.transition(d),T=T.transition(d),L=L.transition(d),N=N.transition(d).attr("opacity",dl).attr("transform",function(k){return isFinite(k=S(k))?c(k+l):this.getAttribute("transform")}),V.attr("opacity",dl).attr("transform",function(k){var A=this.parentNode.__axis;return c((A&&isFinite(A=A(k))?A:S(k))+l)})),N.remove(),R.attr("d",t===gn||t===is?o?"M"+u*o+","+x+"H"+l+"V"+b+"H"+u*o:"M"+l+","+x+"V"+b:o?"M"+x+","+u*o+"V"+l+"H"+b+"V"+u*o:"M"+x+","+l+"H"+b),O.attr("opacity",1).attr("transform",function(k){return c(S(k)+l)}),T.attr(h+"2",u*s),L.attr(h,u*p).text(g),E.filter(Gh).attr("fill","none").attr("font-size",10).attr("font-family","sans-serif").attr("text-anchor",t===is?"start":t===gn?"end":"middle"),E.each(function(){this.__axis=S})}return f.scale=function(d){return arguments.length?(e=d,f):e},f.ticks=function(){return n=Array.from(arguments),f},f.tickArguments=function(d){return arguments.length?(n=d==null?[]:Array.from(d),f):n.slice()},f.tickValues=function(d){return arguments.length?(i=d==null?null:Array.from(d),f):i&&i.slice()},f.tickFormat=function(d){return arguments.length?(r=d,f):r},f.tickSize=function(d){return arguments.length?(s=o=+d,f):s},f.tickSizeInner=function(d){return arguments.length?(s=+d,f):s},f.tickSizeOuter=function(d){return arguments.length?(o=+d,f):o},f.tickPadding=function(d){return arguments.length?(a=+d,f):a},f.offset=function(d){return arguments.length?(l=+d,f):l},f}function ml(t){return pl(rs,t)}function gl(t){return pl(gn,t)}var ns,is,rs,gn,dl,ss=w(()=>{ns=1,is=2,rs=3,gn=4,dl=1e-6});function _n(){for(var t=0,e=arguments.length,n={},i;t<e;++t){if(!(i=arguments[t]+"")||i in n||/[\s.]/.test(i))throw new Error("illegal type: "+i);n[i]=[]}return new Mi(n)}function Mi(t){this._=t}function Zh(t,e){return t.trim().split(/^|\s+/).map(function(n){var i="",r=n.indexOf(".");if(r>=0&&(i=n.slice(r+1),n=n.slice(0,r)),n&&!e.hasOwnProperty(n))throw new Error("unknown type: "+n);return{type:n,name:i}})}function Jh(t,e){for(var n=0,i=t.length,r;n<i;++n)if((r=t[n]).name===e)return r.value}function _l(t,e,n){for(var i=0,r=t.length;i<r;++i)if(t[i].name===e){t[i]=Qh,t=t.slice(0,i).concat(t.slice(i+1));break}return n!=null&&t.push({name:e,value:n}),t}var Qh,os=w(()=>{Qh={value:()=>{}};Mi.prototype=_n.prototype={constructor:Mi,on:function(t,e){var n=this._,i=Zh(t+"",n),r,s=-1,o=i.length;if(arguments.length<2){for(;++s<o;)if((r=(t=i[s]).type)&&(r=Jh(n[r],t.name)))return r;return}if(e!=null&&typeof e!="function")throw new Error("invalid callback: "+e);for(;++s<o;)if(r=(t=i[s]).type)n[r]=_l(n[r],t.name,e);else if(e==null)for(r in n)n[r]=_l(n[r],t.name,null);return this},copy:function(){var t={},e=this._;for(var n in e)t[n]=e[n].slice();return new Mi(t)},call:function(t,e){if((r=arguments.length-2)>0)for(var n=new Array(r),i=0,r,s;i<r;++i)n[i]=arguments[i+2];if(!this._.hasOwnProperty(t))throw new Error("unknown type: "+t);for(s=this._[t],i=0,r=s.length;i<r;++i)s[i].value.apply(e,n)},apply:function(t,e,n){if(!this._.hasOwnProperty(t))throw new Error("unknown type: "+t);for(var i=this._[t],r=0,s=i.length;r<s;++r)i[r].value.apply(e,n)}}});function yn(t){var e=t+="",n=e.indexOf(":");return n>=0&&(e=t.slice(0,n))!=="xmlns"&&(t=t.slice(n+1)),yl.hasOwnProperty(e)?{space:yl[e],local:t}:t}function tf(t){return function(){var e=this.ownerDocument,n=this.namespaceURI;return n===as&&e.documentElement.namespaceURI===as?e.createElement(t):e.createElementNS(n,t)}}function ef(t){return function(){return this.ownerDocument.createElementNS(t.space,t.local)}}function bl(t){var e=yn(t);return(e.local?ef:tf)(e)}function nf(){}function ki(t){return t==null?nf:function(){return this.querySelector(t)}}function rf(t){typeof t!="function"&&(t=ki(t));for(var e=this._groups,n=e.length,i=new Array(n),r=0;r<n;++r)for(var s=e[r],o=s.length,a=i[r]=new Array(o),l,u,h=0;h<o;++h)(l=s[h])&&(u=t.call(l,l.__data__,h,s))&&("__data__"in l&&(u.__data__=l.__data__),a[h]=u);return new ft(i,this._parents)}function sf(t){return t==null?[]:Array.isArray(t)?t:Array.from(t)}function of(){return[]}function us(t){return t==null?of:function(){return this.querySelectorAll(t)}}function af(t){return function(){return sf(t.apply(this,arguments))}}function lf(t){typeof t=="function"?t=af(t):t=us(t);for(var e=this._groups,n=e.length,i=[],r=[],s=0;s<n;++s)for(var o=e[s],a=o.length,l,u=0;u<a;++u)(l=o[u])&&(i.push(t.call(l,l.__data__,u,o)),r.push(l));return new ft(i,r)}function cs(t){return function(){return this.matches(t)}}function vl(t){return function(e){return e.matches(t)}}function cf(t){return function(){return uf.call(this.children,t)}}function hf(){return this.firstElementChild}function ff(t){return this.select(t==null?hf:cf(typeof t=="function"?t:vl(t)))}function pf(){return Array.from(this.children)}function mf(t){return function(){return df.call(this.children,t)}}function gf(t){return this.selectAll(t==null?pf:mf(typeof t=="function"?t:vl(t)))}function _f(t){typeof t!="function"&&(t=cs(t));for(var e=this._groups,n=e.length,i=new Array(n),r=0;r<n;++r)for(var s=e[r],o=s.length,a=i[r]=[],l,u=0;u<o;++u)(l=s[u])&&t.call(l,l.__data__,u,s)&&a.push(l);return new ft(i,this._parents)}function wl(t){return new Array(t.length)}function yf(){return new ft(this._enter||this._groups.map(wl),this._parents)}function Ei(t,e){this.ownerDocument=t.ownerDocument,this.namespaceURI=t.namespaceURI,this._next=null,this._parent=t,this.__data__=e}function bf(t){return function(){return t}}function vf(t,e,n,i,r,s){for(var o=0,a,l=e.length,u=s.length;o<u;++o)(a=e[o])?(a.__data__=s[o],i[o]=a):n[o]=new Ei(t,s[o]);for(;o<l;++o)(a=e[o])&&(r[o]=a)}function wf(t,e,n,i,r,s,o){var a,l,u=new Map,h=e.length,c=s.length,f=new Array(h),d;for(a=0;a<h;++a)(l=e[a])&&(f[a]=d=o.call(l,l.__data__,a,e)+"",u.has(d)?r[a]=l:u.set(d,l));for(a=0;a<c;++a)d=o.call(t,s[a],a,s)+"",(l=u.get(d))?(i[a]=l,l.__data__=s[a],u.delete(d)):n[a]=new Ei(t,s[a]);for(a=0;a<h;++a)(l=e[a])&&u.get(f[a])===l&&(r[a]=l)}function xf(t){return t.__data__}function $f(t,e){if(!arguments.length)return Array.from(this,xf);var n=e?wf:vf,i=this._parents,r=this._groups;typeof t!="function"&&(t=bf(t));for(var s=r.length,o=new Array(s),a=new Array(s),l=new Array(s),u=0;u<s;++u){var h=i[u],c=r[u],f=c.length,d=Sf(t.call(h,h&&h.__data__,u,i)),m=d.length,g=a[u]=new Array(m),p=o[u]=new Array(m),_=l[u]=new Array(f);n(h,c,g,p,_,d,e);for(var x=0,b=0,S,E;x<m;++x)if(S=g[x]){for(x>=b&&(b=x+1);!(E=p[b])&&++b<m;);S._next=E||null}}return o=new ft(o,i),o._enter=a,o._exit=l,o}function Sf(t){return typeof t=="object"&&"length"in t?t:Array.from(t)}function Mf(){return new ft(this._exit||this._groups.map(wl),this._parents)}function Ef(t,e,n){var i=this.enter(),r=this,s=this.exit();return typeof t=="function"?(i=t(i),i&&(i=i.selection())):i=i.append(t+""),e!=null&&(r=e(r),r&&(r=r.selection())),n==null?s.remove():n(s),i&&r?i.merge(r).order():r}function kf(t){for(var e=t.selection?t.selection():t,n=this._groups,i=e._groups,r=n.length,s=i.length,o=Math.min(r,s),a=new Array(r),l=0;l<o;++l)for(var u=n[l],h=i[l],c=u.length,f=a[l]=new Array(c),d,m=0;m<c;++m)(d=u[m]||h[m])&&(f[m]=d);for(;l<r;++l)a[l]=n[l];return new ft(a,this._parents)}function Cf(){for(var t=this._groups,e=-1,n=t.length;++e<n;)for(var i=t[e],r=i.length-1,s=i[r],o;--r>=0;)(o=i[r])&&(s&&o.compareDocumentPosition(s)^4&&s.parentNode.insertBefore(o,s),s=o);return this}function Rf(t){t||(t=Tf);function e(c,f){return c&&f?t(c.__data__,f.__data__):!c-!f}for(var n=this._groups,i=n.length,r=new Array(i),s=0;s<i;++s){for(var o=n[s],a=o.length,l=r[s]=new Array(a),u,h=0;h<a;++h)(u=o[h])&&(l[h]=u);l.sort(e)}return new ft(r,this._parents).order()}function Tf(t,e){return t<e?-1:t>e?1:t>=e?0:NaN}function Af(){var t=arguments[0];return arguments[0]=this,t.apply(null,arguments),this}function Pf(){return Array.from(this)}function Of(){for(var t=this._groups,e=0,n=t.length;e<n;++e)for(var i=t[e],r=0,s=i.length;r<s;++r){var o=i[r];if(o)return o}return null}function Nf(){let t=0;for(let e of this)++t;return t}function zf(){return!this.node()}function If(t){for(var e=this._groups,n=0,i=e.length;n<i;++n)for(var r=e[n],s=0,o=r.length,a;s<o;++s)(a=r[s])&&t.call(a,a.__data__,s,r);return this}function Lf(t){return function(){this.removeAttribute(t)}}function Df(t){return function(){this.removeAttributeNS(t.space,t.local)}}function Ff(t,e){return function(){this.setAttribute(t,e)}}function Hf(t,e){return function(){this.setAttributeNS(t.space,t.local,e)}}function Vf(t,e){return function(){var n=e.apply(this,arguments);n==null?this.removeAttribute(t):this.setAttribute(t,n)}}function qf(t,e){return function(){var n=e.apply(this,arguments);n==null?this.removeAttributeNS(t.space,t.local):this.setAttributeNS(t.space,t.local,n)}}function Bf(t,e){var n=yn(t);if(arguments.length<2){var i=this.node();return n.local?i.getAttributeNS(n.space,n.local):i.getAttribute(n)}return this.each((e==null?n.local?Df:Lf:typeof e=="function"?n.local?qf:Vf:n.local?Hf:Ff)(n,e))}function xl(t){return t.ownerDocument&&t.ownerDocument.defaultView||t.document&&t||t.defaultView}function Uf(t){return function(){this.style.removeProperty(t)}}function jf(t,e,n){return function(){this.style.setProperty(t,e,n)}}function Wf(t,e,n){return function(){var i=e.apply(this,arguments);i==null?this.style.removeProperty(t):this.style.setProperty(t,i,n)}}function Kf(t,e,n){return arguments.length>1?this.each((e==null?Uf:typeof e=="function"?Wf:jf)(t,e,n??"")):le(this.node(),t)}function le(t,e){return t.style.getPropertyValue(e)||xl(t).getComputedStyle(t,null).getPropertyValue(e)}function Xf(t){return function(){delete this[t]}}function Yf(t,e){return function(){this[t]=e}}function Gf(t,e){return function(){var n=e.apply(this,arguments);n==null?delete this[t]:this[t]=n}}function Qf(t,e){return arguments.length>1?this.each((e==null?Xf:typeof e=="function"?Gf:Yf)(t,e)):this.node()[t]}function $l(t){return t.trim().split(/^|\s+/)}function hs(t){return t.classList||new Sl(t)}function Sl(t){this._node=t,this._names=$l(t.getAttribute("class")||"")}function Ml(t,e){for(var n=hs(t),i=-1,r=e.length;++i<r;)n.add(e[i])}function El(t,e){for(var n=hs(t),i=-1,r=e.length;++i<r;)n.remove(e[i])}function Zf(t){return function(){Ml(this,t)}}function Jf(t){return function(){El(this,t)}}function td(t,e){return function(){(e.apply(this,arguments)?Ml:El)(this,t)}}function ed(t,e){var n=$l(t+"");if(arguments.length<2){for(var i=hs(this.node()),r=-1,s=n.length;++r<s;)if(!i.contains(n[r]))return!1;return!0}return this.each((typeof e=="function"?td:e?Zf:Jf)(n,e))}function nd(){this.textContent=""}function id(t){return function(){this.textContent=t}}function rd(t){return function(){var e=t.apply(this,arguments);this.textContent=e??""}}function sd(t){return arguments.length?this.each(t==null?nd:(typeof t=="function"?rd:id)(t)):this.node().textContent}function od(){this.innerHTML=""}function ad(t){return function(){this.innerHTML=t}}function ld(t){return function(){var e=t.apply(this,arguments);this.innerHTML=e??""}}function ud(t){return arguments.length?this.each(t==null?od:(typeof t=="function"?ld:ad)(t)):this.node().innerHTML}function cd(){this.nextSibling&&this.parentNode.appendChild(this)}function hd(){return this.each(cd)}function fd(){this.previousSibling&&this.parentNode.insertBefore(this,this.parentNode.firstChild)}function dd(){return this.each(fd)}function pd(t){var e=typeof t=="function"?t:bl(t);return this.select(function(){return this.appendChild(e.apply(this,arguments))})}function md(){return null}function gd(t,e){var n=typeof t=="function"?t:bl(t),i=e==null?md:typeof e=="function"?e:ki(e);return this.select(function(){return this.insertBefore(n.apply(this,arguments),i.apply(this,arguments)||null)})}function _d(){var t=this.parentNode;t&&t.removeChild(this)}function yd(){return this.each(_d)}function bd(){var t=this.cloneNode(!1),e=this.parentNode;return e?e.insertBefore(t,this.nextSibling):t}function vd(){var t=this.cloneNode(!0),e=this.parentNode;return e?e.insertBefore(t,this.nextSibling):t}function wd(t){return this.select(t?vd:bd)}function xd(t){return arguments.length?this.property("__data__",t):this.node().__data__}function $d(t){return function(e){t.call(this,e,this.__data__)}}function Sd(t){return t.trim().split(/^|\s+/).map(function(e){var n="",i=e.indexOf(".");return i>=0&&(n=e.slice(i+1),e=e.slice(0,i)),{type:e,name:n}})}function Md(t){return function(){var e=this.__on;if(e){for(var n=0,i=-1,r=e.length,s;n<r;++n)s=e[n],(!t.type||s.type===t.type)&&s.name===t.name?this.removeEventListener(s.type,s.listener,s.options):e[++i]=s;++i?e.length=i:delete this.__on}}}function Ed(t,e,n){return function(){var i=this.__on,r,s=$d(e);if(i){for(var o=0,a=i.length;o<a;++o)if((r=i[o]).type===t.type&&r.name===t.name){this.removeEventListener(r.type,r.listener,r.options),this.addEventListener(r.type,r.listener=s,r.options=n),r.value=e;return}}this.addEventListener(t.type,s,n),r={type:t.type,name:t.name,value:e,listener:s,options:n},i?i.push(r):this.__on=[r]}}function kd(t,e,n){var i=Sd(t+""),r,s=i.length,o;if(arguments.length<2){var a=this.node().__on;if(a){for(var l=0,u=a.length,h;l<u;++l)for(r=0,h=a[l];r<s;++r)if((o=i[r]).type===h.type&&o.name===h.name)return h.value}return}for(a=e?Ed:Md,r=0;r<s;++r)this.each(a(i[r],e,n));return this}function kl(t,e,n){var i=xl(t),r=i.CustomEvent;typeof r=="function"?r=new r(e,n):(r=i.document.createEvent("Event"),n?(r.initEvent(e,n.bubbles,n.cancelable),r.detail=n.detail):r.initEvent(e,!1,!1)),t.dispatchEvent(r)}function Cd(t,e){return function(){return kl(this,t,e)}}function Rd(t,e){return function(){return kl(this,t,e.apply(this,arguments))}}function Td(t,e){return this.each((typeof e=="function"?Rd:Cd)(t,e))}function*Ad(){for(var t=this._groups,e=0,n=t.length;e<n;++e)for(var i=t[e],r=0,s=i.length,o;r<s;++r)(o=i[r])&&(yield o)}function ft(t,e){this._groups=t,this._parents=e}function ue(){return new ft([[document.documentElement]],Cl)}function Pd(){return this}function rt(t){return typeof t=="string"?new ft([[document.querySelector(t)]],[document.documentElement]):new ft([[t]],Cl)}function Nd(){return new ls}function ls(){this._="@"+(++Od).toString(36)}function zd(t){let e;for(;e=t.sourceEvent;)t=e;return t}function Ci(t,e){if(t=zd(t),e===void 0&&(e=t.currentTarget),e){var n=e.ownerSVGElement||e;if(n.createSVGPoint){var i=n.createSVGPoint();return i.x=t.clientX,i.y=t.clientY,i=i.matrixTransform(e.getScreenCTM().inverse()),[i.x,i.y]}if(e.getBoundingClientRect){var r=e.getBoundingClientRect();return[t.clientX-r.left-e.clientLeft,t.clientY-r.top-e.clientTop]}}return[t.pageX,t.pageY]}var as,yl,uf,df,Cl,Od,Ee=w(()=>{as="http://www.w3.org/1999/xhtml",yl={svg:"http://www.w3.org/2000/svg",xhtml:as,xlink:"http://www.w3.org/1999/xlink",xml:"http://www.w3.org/XML/1998/namespace",xmlns:"http://www.w3.org/2000/xmlns/"};uf=Array.prototype.find;df=Array.prototype.filter;Ei.prototype={constructor:Ei,appendChild:function(t){return this._parent.insertBefore(t,this._next)},insertBefore:function(t,e){return this._parent.insertBefore(t,e)},querySelector:function(t){return this._parent.querySelector(t)},querySelectorAll:function(t){return this._parent.querySelectorAll(t)}};Sl.prototype={add:function(t){var e=this._names.indexOf(t);e<0&&(this._names.push(t),this._node.setAttribute("class",this._names.join(" ")))},remove:function(t){var e=this._names.indexOf(t);e>=0&&(this._names.splice(e,1),this._node.setAttribute("class",this._names.join(" ")))},contains:function(t){return this._names.indexOf(t)>=0}};Cl=[null];ft.prototype=ue.prototype={constructor:ft,select:rf,selectAll:lf,selectChild:ff,selectChildren:gf,filter:_f,data:$f,enter:yf,exit:Mf,join:Ef,merge:kf,selection:Pd,order:Cf,sort:Rf,call:Af,nodes:Pf,node:Of,size:Nf,empty:zf,each:If,attr:Bf,style:Kf,property:Qf,classed:ed,text:sd,html:ud,raise:hd,lower:dd,append:pd,insert:gd,remove:yd,clone:wd,datum:xd,on:kd,dispatch:Td,[Symbol.iterator]:Ad};Od=0;ls.prototype=Nd.prototype={constructor:ls,get:function(t){for(var e=this._;!(e in t);)if(!(t=t.parentNode))return;return t[e]},set:function(t,e){return t[this._]=e},remove:function(t){return this._ in t&&delete t[this._]},toString:function(){return this._}}});function ds(t){t.preventDefault(),t.stopImmediatePropagation()}function Rl(t){var e=t.document.documentElement,n=rt(t).on("dragstart.drag",ds,fs);"onselectstart"in e?n.on("selectstart.drag",ds,fs):(e.__noselect=e.style.MozUserSelect,e.style.MozUserSelect="none")}function Tl(t,e){var n=t.document.documentElement,i=rt(t).on("dragstart.drag",null);e&&(i.on("click.drag",ds,fs),setTimeout(function(){i.on("click.drag",null)},0)),"onselectstart"in n?i.on("selectstart.drag",null):(n.style.MozUserSelect=n.__noselect,delete n.__noselect)}function Id(t,{sourceEvent:e,subject:n,target:i,identifier:r,active:s,x:o,y:a,dx:l,dy:u,dispatch:h}){Object.defineProperties(this,{type:{value:t,enumerable:!0,configurable:!0},sourceEvent:{value:e,enumerable:!0,configurable:!0},subject:{value:n,enumerable:!0,configurable:!0},target:{value:i,enumerable:!0,configurable:!0},identifier:{value:r,enumerable:!0,configurable:!0},active:{value:s,enumerable:!0,configurable:!0},x:{value:o,enumerable:!0,configurable:!0},y:{value:a,enumerable:!0,configurable:!0},dx:{value:l,enumerable:!0,configurable:!0},dy:{value:u,enumerable:!0,configurable:!0},_:{value:h}})}var fs,Al=w(()=>{Ee();fs={capture:!0,passive:!1};Id.prototype.on=function(){var t=this._.on.apply(this._,arguments);return t===this._?this:t}});function Te(t,e,n){t.prototype=e.prototype=n,n.constructor=t}function wn(t,e){var n=Object.create(t.prototype);for(var i in e)n[i]=e[i];return n}function jt(){}function Ol(){return this.rgb().formatHex()}function Ud(){return this.rgb().formatHex8()}function jd(){return Bl(this).formatHsl()}function Nl(){return this.rgb().formatRgb()}function Pt(t){var e,n;return t=(t+"").trim().toLowerCase(),(e=Ld.exec(t))?(n=e[1].length,e=parseInt(e[1],16),n===6?zl(e):n===3?new Z(e>>8&15|e>>4&240,e>>4&15|e&240,(e&15)<<4|e&15,1):n===8?Ri(e>>24&255,e>>16&255,e>>8&255,(e&255)/255):n===4?Ri(e>>12&15|e>>8&240,e>>8&15|e>>4&240,e>>4&15|e&240,((e&15)<<4|e&15)/255):null):(e=Dd.exec(t))?new Z(e[1],e[2],e[3],1):(e=Fd.exec(t))?new Z(e[1]*255/100,e[2]*255/100,e[3]*255/100,1):(e=Hd.exec(t))?Ri(e[1],e[2],e[3],e[4]):(e=Vd.exec(t))?Ri(e[1]*255/100,e[2]*255/100,e[3]*255/100,e[4]):(e=qd.exec(t))?Dl(e[1],e[2]/100,e[3]/100,1):(e=Bd.exec(t))?Dl(e[1],e[2]/100,e[3]/100,e[4]):Pl.hasOwnProperty(t)?zl(Pl[t]):t==="transparent"?new Z(NaN,NaN,NaN,0):null}function zl(t){return new Z(t>>16&255,t>>8&255,t&255,1)}function Ri(t,e,n,i){return i<=0&&(t=e=n=NaN),new Z(t,e,n,i)}function bs(t){return t instanceof jt||(t=Pt(t)),t?(t=t.rgb(),new Z(t.r,t.g,t.b,t.opacity)):new Z}function xn(t,e,n,i){return arguments.length===1?bs(t):new Z(t,e,n,i??1)}function Z(t,e,n,i){this.r=+t,this.g=+e,this.b=+n,this.opacity=+i}function Il(){return`#${ce(this.r)}${ce(this.g)}${ce(this.b)}`}function Wd(){return`#${ce(this.r)}${ce(this.g)}${ce(this.b)}${ce((isNaN(this.opacity)?1:this.opacity)*255)}`}function Ll(){let t=Ai(this.opacity);return`${t===1?"rgb(":"rgba("}${he(this.r)}, ${he(this.g)}, ${he(this.b)}${t===1?")":`, ${t})`}`}function Ai(t){return isNaN(t)?1:Math.max(0,Math.min(1,t))}function he(t){return Math.max(0,Math.min(255,Math.round(t)||0))}function ce(t){return t=he(t),(t<16?"0":"")+t.toString(16)}function Dl(t,e,n,i){return i<=0?t=e=n=NaN:n<=0||n>=1?t=e=NaN:e<=0&&(t=NaN),new yt(t,e,n,i)}function Bl(t){if(t instanceof yt)return new yt(t.h,t.s,t.l,t.opacity);if(t instanceof jt||(t=Pt(t)),!t)return new yt;if(t instanceof yt)return t;t=t.rgb();var e=t.r/255,n=t.g/255,i=t.b/255,r=Math.min(e,n,i),s=Math.max(e,n,i),o=NaN,a=s-r,l=(s+r)/2;return a?(e===s?o=(n-i)/a+(n<i)*6:n===s?o=(i-e)/a+2:o=(e-n)/a+4,a/=l<.5?s+r:2-s-r,o*=60):a=l>0&&l<1?0:o,new yt(o,a,l,t.opacity)}function Oi(t,e,n,i){return arguments.length===1?Bl(t):new yt(t,e,n,i??1)}function yt(t,e,n,i){this.h=+t,this.s=+e,this.l=+n,this.opacity=+i}function Fl(t){return t=(t||0)%360,t<0?t+360:t}function Ti(t){return Math.max(0,Math.min(1,t||0))}function ps(t,e,n){return(t<60?e+(n-e)*t/60:t<180?n:t<240?e+(n-e)*(240-t)/60:e)*255}function Ql(t){if(t instanceof St)return new St(t.l,t.a,t.b,t.opacity);if(t instanceof At)return Jl(t);t instanceof Z||(t=bs(t));var e=ys(t.r),n=ys(t.g),i=ys(t.b),r=ms((.2225045*e+.7168786*n+.0606169*i)/Kl),s,o;return e===n&&n===i?s=o=r:(s=ms((.4360747*e+.3850649*n+.1430804*i)/Wl),o=ms((.0139322*e+.0971045*n+.7141733*i)/Xl)),new St(116*r-16,500*(s-r),200*(r-o),t.opacity)}function Zl(t,e,n,i){return arguments.length===1?Ql(t):new St(t,e,n,i??1)}function St(t,e,n,i){this.l=+t,this.a=+e,this.b=+n,this.opacity=+i}function ms(t){return t>Kd?Math.pow(t,1/3):t/Gl+Yl}function gs(t){return t>Ce?t*t*t:Gl*(t-Yl)}function _s(t){return 255*(t<=.0031308?12.92*t:1.055*Math.pow(t,1/2.4)-.055)}function ys(t){return(t/=255)<=.04045?t/12.92:Math.pow((t+.055)/1.055,2.4)}function Xd(t){if(t instanceof At)return new At(t.h,t.c,t.l,t.opacity);if(t instanceof St||(t=Ql(t)),t.a===0&&t.b===0)return new At(NaN,0<t.l&&t.l<100?0:NaN,t.l,t.opacity);var e=Math.atan2(t.b,t.a)*jl;return new At(e<0?e+360:e,Math.sqrt(t.a*t.a+t.b*t.b),t.l,t.opacity)}function Ni(t,e,n,i){return arguments.length===1?Xd(t):new At(t,e,n,i??1)}function At(t,e,n,i){this.h=+t,this.c=+e,this.l=+n,this.opacity=+i}function Jl(t){if(isNaN(t.h))return new St(t.l,0,0,t.opacity);var e=t.h*Ul;return new St(t.l,Math.cos(e)*t.c,Math.sin(e)*t.c,t.opacity)}function Yd(t){if(t instanceof fe)return new fe(t.h,t.s,t.l,t.opacity);t instanceof Z||(t=bs(t));var e=t.r/255,n=t.g/255,i=t.b/255,r=(ql*i+Hl*e-Vl*n)/(ql+Hl-Vl),s=i-r,o=(vn*(n-r)-ws*s)/zi,a=Math.sqrt(o*o+s*s)/(vn*r*(1-r)),l=a?Math.atan2(o,s)*jl-120:NaN;return new fe(l<0?l+360:l,a,r,t.opacity)}function Ii(t,e,n,i){return arguments.length===1?Yd(t):new fe(t,e,n,i??1)}function fe(t,e,n,i){this.h=+t,this.s=+e,this.l=+n,this.opacity=+i}var de,Re,ke,bn,$t,Ld,Dd,Fd,Hd,Vd,qd,Bd,Pl,Ul,jl,Pi,Wl,Kl,Xl,Yl,Ce,Gl,Kd,tu,vs,ws,zi,vn,Hl,Vl,ql,xs=w(()=>{de=.7,Re=1/de,ke="\\s*([+-]?\\d+)\\s*",bn="\\s*([+-]?(?:\\d*\\.)?\\d+(?:[eE][+-]?\\d+)?)\\s*",$t="\\s*([+-]?(?:\\d*\\.)?\\d+(?:[eE][+-]?\\d+)?)%\\s*",Ld=/^#([0-9a-f]{3,8})$/,Dd=new RegExp(`^rgb\\(${ke},${ke},${ke}\\)$`),Fd=new RegExp(`^rgb\\(${$t},${$t},${$t}\\)$`),Hd=new RegExp(`^rgba\\(${ke},${ke},${ke},${bn}\\)$`),Vd=new RegExp(`^rgba\\(${$t},${$t},${$t},${bn}\\)$`),qd=new RegExp(`^hsl\\(${bn},${$t},${$t}\\)$`),Bd=new RegExp(`^hsla\\(${bn},${$t},${$t},${bn}\\)$`),Pl={aliceblue:15792383,antiquewhite:16444375,aqua:65535,aquamarine:8388564,azure:15794175,beige:16119260,bisque:16770244,black:0,blanchedalmond:16772045,blue:255,blueviolet:9055202,brown:10824234,burlywood:14596231,cadetblue:6266528,chartreuse:8388352,chocolate:13789470,coral:16744272,cornflowerblue:6591981,cornsilk:16775388,crimson:14423100,cyan:65535,darkblue:139,darkcyan:35723,darkgoldenrod:12092939,darkgray:11119017,darkgreen:25600,darkgrey:11119017,darkkhaki:12433259,darkmagenta:9109643,darkolivegreen:5597999,darkorange:16747520,darkorchid:10040012,darkred:9109504,darksalmon:15308410,darkseagreen:9419919,darkslateblue:4734347,darkslategray:3100495,darkslategrey:3100495,darkturquoise:52945,darkviolet:9699539,deeppink:16716947,deepskyblue:49151,dimgray:6908265,dimgrey:6908265,dodgerblue:2003199,firebrick:11674146,floralwhite:16775920,forestgreen:2263842,fuchsia:16711935,gainsboro:14474460,ghostwhite:16316671,gold:16766720,goldenrod:14329120,gray:8421504,green:32768,greenyellow:11403055,grey:8421504,honeydew:15794160,hotpink:16738740,indianred:13458524,indigo:4915330,ivory:16777200,khaki:15787660,lavender:15132410,lavenderblush:16773365,lawngreen:8190976,lemonchiffon:16775885,lightblue:11393254,lightcoral:15761536,lightcyan:14745599,lightgoldenrodyellow:16448210,lightgray:13882323,lightgreen:9498256,lightgrey:13882323,lightpink:16758465,lightsalmon:16752762,lightseagreen:2142890,lightskyblue:8900346,lightslategray:7833753,lightslategrey:7833753,lightsteelblue:11584734,lightyellow:16777184,lime:65280,limegreen:3329330,linen:16445670,magenta:16711935,maroon:8388608,mediumaquamarine:6737322,mediumblue:205,mediumorchid:12211667,mediumpurple:9662683,mediumseagreen:3978097,mediumslateblue:8087790,mediumspringgreen:64154,mediumturquoise:4772300,mediumvioletred:13047173,midnightblue:1644912,mintcream:16121850,mistyrose:16770273,moccasin:16770229,navajowhite:16768685,navy:128,oldlace:16643558,olive:8421376,olivedrab:7048739,orange:16753920,orangered:16729344,orchid:14315734,palegoldenrod:15657130,palegreen:10025880,paleturquoise:11529966,palevioletred:14381203,papayawhip:16773077,peachpuff:16767673,peru:13468991,pink:16761035,plum:14524637,powderblue:11591910,purple:8388736,rebeccapurple:6697881,red:16711680,rosybrown:12357519,royalblue:4286945,saddlebrown:9127187,salmon:16416882,sandybrown:16032864,seagreen:3050327,seashell:16774638,sienna:10506797,silver:12632256,skyblue:8900331,slateblue:6970061,slategray:7372944,slategrey:7372944,snow:16775930,springgreen:65407,steelblue:4620980,tan:13808780,teal:32896,thistle:14204888,tomato:16737095,turquoise:4251856,violet:15631086,wheat:16113331,white:16777215,whitesmoke:16119285,yellow:16776960,yellowgreen:10145074};Te(jt,Pt,{copy(t){return Object.assign(new this.constructor,this,t)},displayable(){return this.rgb().displayable()},hex:Ol,formatHex:Ol,formatHex8:Ud,formatHsl:jd,formatRgb:Nl,toString:Nl});Te(Z,xn,wn(jt,{brighter(t){return t=t==null?Re:Math.pow(Re,t),new Z(this.r*t,this.g*t,this.b*t,this.opacity)},darker(t){return t=t==null?de:Math.pow(de,t),new Z(this.r*t,this.g*t,this.b*t,this.opacity)},rgb(){return this},clamp(){return new Z(he(this.r),he(this.g),he(this.b),Ai(this.opacity))},displayable(){return-.5<=this.r&&this.r<255.5&&-.5<=this.g&&this.g<255.5&&-.5<=this.b&&this.b<255.5&&0<=this.opacity&&this.opacity<=1},hex:Il,formatHex:Il,formatHex8:Wd,formatRgb:Ll,toString:Ll}));Te(yt,Oi,wn(jt,{brighter(t){return t=t==null?Re:Math.pow(Re,t),new yt(this.h,this.s,this.l*t,this.opacity)},darker(t){return t=t==null?de:Math.pow(de,t),new yt(this.h,this.s,this.l*t,this.opacity)},rgb(){var t=this.h%360+(this.h<0)*360,e=isNaN(t)||isNaN(this.s)?0:this.s,n=this.l,i=n+(n<.5?n:1-n)*e,r=2*n-i;return new Z(ps(t>=240?t-240:t+120,r,i),ps(t,r,i),ps(t<120?t+240:t-120,r,i),this.opacity)},clamp(){return new yt(Fl(this.h),Ti(this.s),Ti(this.l),Ai(this.opacity))},displayable(){return(0<=this.s&&this.s<=1||isNaN(this.s))&&0<=this.l&&this.l<=1&&0<=this.opacity&&this.opacity<=1},formatHsl(){let t=Ai(this.opacity);return`${t===1?"hsl(":"hsla("}${Fl(this.h)}, ${Ti(this.s)*100}%, ${Ti(this.l)*100}%${t===1?")":`, ${t})`}`}}));Ul=Math.PI/180,jl=180/Math.PI,Pi=18,Wl=.96422,Kl=1,Xl=.82521,Yl=4/29,Ce=6/29,Gl=3*Ce*Ce,Kd=Ce*Ce*Ce;Te(St,Zl,wn(jt,{brighter(t){return new St(this.l+Pi*(t??1),this.a,this.b,this.opacity)},darker(t){return new St(this.l-Pi*(t??1),this.a,this.b,this.opacity)},rgb(){var t=(this.l+16)/116,e=isNaN(this.a)?t:t+this.a/500,n=isNaN(this.b)?t:t-this.b/200;return e=Wl*gs(e),t=Kl*gs(t),n=Xl*gs(n),new Z(_s(3.1338561*e-1.6168667*t-.4906146*n),_s(-.9787684*e+1.9161415*t+.033454*n),_s(.0719453*e-.2289914*t+1.4052427*n),this.opacity)}}));Te(At,Ni,wn(jt,{brighter(t){return new At(this.h,this.c,this.l+Pi*(t??1),this.opacity)},darker(t){return new At(this.h,this.c,this.l-Pi*(t??1),this.opacity)},rgb(){return Jl(this).rgb()}}));tu=-.14861,vs=1.78277,ws=-.29227,zi=-.90649,vn=1.97294,Hl=vn*zi,Vl=vn*vs,ql=vs*ws-zi*tu;Te(fe,Ii,wn(jt,{brighter(t){return t=t==null?Re:Math.pow(Re,t),new fe(this.h,this.s,this.l*t,this.opacity)},darker(t){return t=t==null?de:Math.pow(de,t),new fe(this.h,this.s,this.l*t,this.opacity)},rgb(){var t=isNaN(this.h)?0:(this.h+120)*Ul,e=+this.l,n=isNaN(this.s)?0:this.s*e*(1-e),i=Math.cos(t),r=Math.sin(t);return new Z(255*(e+n*(tu*i+vs*r)),255*(e+n*(ws*i+zi*r)),255*(e+n*(vn*i)),this.opacity)}}))});function iu(t,e,n,i,r){var s=t*t,o=s*t;return((1-3*t+3*s-o)*e+(4-6*s+3*o)*n+(1+3*t+3*s-3*o)*i+o*r)/6}function Gd(t){var e=t.length-1;return function(n){var i=n<=0?n=0:n>=1?(n=1,e-1):Math.floor(n*e),r=t[i],s=t[i+1],o=i>0?t[i-1]:2*r-s,a=i<e-1?t[i+2]:2*s-r;return iu((n-i/e)*e,o,r,s,a)}}function Qd(t){var e=t.length;return function(n){var i=Math.floor(((n%=1)<0?++n:n)*e),r=t[(i+e-1)%e],s=t[i%e],o=t[(i+1)%e],a=t[(i+2)%e];return iu((n-i/e)*e,r,s,o,a)}}function ru(t,e){return function(n){return t+n*e}}function Zd(t,e,n){return t=Math.pow(t,n),e=Math.pow(e,n)-t,n=1/n,function(i){return Math.pow(t+i*e,n)}}function Es(t,e){var n=e-t;return n?ru(t,n>180||n<-180?n-360*Math.round(n/360):n):Di(isNaN(t)?e:t)}function Jd(t){return(t=+t)==1?at:function(e,n){return n-e?Zd(e,n,t):Di(isNaN(e)?n:e)}}function at(t,e){var n=e-t;return n?ru(t,n):Di(isNaN(t)?e:t)}function su(t){return function(e){var n=e.length,i=new Array(n),r=new Array(n),s=new Array(n),o,a;for(o=0;o<n;++o)a=xn(e[o]),i[o]=a.r||0,r[o]=a.g||0,s[o]=a.b||0;return i=t(i),r=t(r),s=t(s),a.opacity=1,function(l){return a.r=i(l),a.g=r(l),a.b=s(l),a+""}}}function tp(t,e){e||(e=[]);var n=t?Math.min(e.length,t.length):0,i=e.slice(),r;return function(s){for(r=0;r<n;++r)i[r]=t[r]*(1-s)+e[r]*s;return i}}function ep(t){return ArrayBuffer.isView(t)&&!(t instanceof DataView)}function np(t,e){var n=e?e.length:0,i=t?Math.min(n,t.length):0,r=new Array(i),s=new Array(n),o;for(o=0;o<i;++o)r[o]=Ae(t[o],e[o]);for(;o<n;++o)s[o]=e[o];return function(a){for(o=0;o<i;++o)s[o]=r[o](a);return s}}function ip(t,e){var n=new Date;return t=+t,e=+e,function(i){return n.setTime(t*(1-i)+e*i),n}}function dt(t,e){return t=+t,e=+e,function(n){return t*(1-n)+e*n}}function rp(t,e){var n={},i={},r;(t===null||typeof t!="object")&&(t={}),(e===null||typeof e!="object")&&(e={});for(r in e)r in t?n[r]=Ae(t[r],e[r]):i[r]=e[r];return function(s){for(r in n)i[r]=n[r](s);return i}}function sp(t){return function(){return t}}function op(t){return function(e){return t(e)+""}}function ks(t,e){var n=Ss.lastIndex=$s.lastIndex=0,i,r,s,o=-1,a=[],l=[];for(t=t+"",e=e+"";(i=Ss.exec(t))&&(r=$s.exec(e));)(s=r.index)>n&&(s=e.slice(n,s),a[o]?a[o]+=s:a[++o]=s),(i=i[0])===(r=r[0])?a[o]?a[o]+=r:a[++o]=r:(a[++o]=null,l.push({i:o,x:dt(i,r)})),n=$s.lastIndex;return n<e.length&&(s=e.slice(n),a[o]?a[o]+=s:a[++o]=s),a.length<2?l[0]?op(l[0].x):sp(e):(e=l.length,function(u){for(var h=0,c;h<e;++h)a[(c=l[h]).i]=c.x(u);return a.join("")})}function Ae(t,e){var n=typeof e,i;return e==null||n==="boolean"?Di(e):(n==="number"?dt:n==="string"?(i=Pt(e))?(e=i,$n):ks:e instanceof Pt?$n:e instanceof Date?ip:ep(e)?tp:Array.isArray(e)?np:typeof e.valueOf!="function"&&typeof e.toString!="function"||isNaN(e)?rp:dt)(t,e)}function ou(t,e){return t=+t,e=+e,function(n){return Math.round(t*(1-n)+e*n)}}function au(t,e,n,i,r,s){var o,a,l;return(o=Math.sqrt(t*t+e*e))&&(t/=o,e/=o),(l=t*n+e*i)&&(n-=t*l,i-=e*l),(a=Math.sqrt(n*n+i*i))&&(n/=a,i/=a,l/=a),t*i<e*n&&(t=-t,e=-e,l=-l,o=-o),{translateX:r,translateY:s,rotate:Math.atan2(e,t)*eu,skewX:Math.atan(l)*eu,scaleX:o,scaleY:a}}function ap(t){let e=new(typeof DOMMatrix=="function"?DOMMatrix:WebKitCSSMatrix)(t+"");return e.isIdentity?Ms:au(e.a,e.b,e.c,e.d,e.e,e.f)}function lp(t){return t==null||(Li||(Li=document.createElementNS("http://www.w3.org/2000/svg","g")),Li.setAttribute("transform",t),!(t=Li.transform.baseVal.consolidate()))?Ms:(t=t.matrix,au(t.a,t.b,t.c,t.d,t.e,t.f))}function lu(t,e,n,i){function r(u){return u.length?u.pop()+" ":""}function s(u,h,c,f,d,m){if(u!==c||h!==f){var g=d.push("translate(",null,e,null,n);m.push({i:g-4,x:dt(u,c)},{i:g-2,x:dt(h,f)})}else(c||f)&&d.push("translate("+c+e+f+n)}function o(u,h,c,f){u!==h?(u-h>180?h+=360:h-u>180&&(u+=360),f.push({i:c.push(r(c)+"rotate(",null,i)-2,x:dt(u,h)})):h&&c.push(r(c)+"rotate("+h+i)}function a(u,h,c,f){u!==h?f.push({i:c.push(r(c)+"skewX(",null,i)-2,x:dt(u,h)}):h&&c.push(r(c)+"skewX("+h+i)}function l(u,h,c,f,d,m){if(u!==c||h!==f){var g=d.push(r(d)+"scale(",null,",",null,")");m.push({i:g-4,x:dt(u,c)},{i:g-2,x:dt(h,f)})}else(c!==1||f!==1)&&d.push(r(d)+"scale("+c+","+f+")")}return function(u,h){var c=[],f=[];return u=t(u),h=t(h),s(u.translateX,u.translateY,h.translateX,h.translateY,c,f),o(u.rotate,h.rotate,c,f),a(u.skewX,h.skewX,c,f),l(u.scaleX,u.scaleY,h.scaleX,h.scaleY,c,f),u=h=null,function(d){for(var m=-1,g=f.length,p;++m<g;)c[(p=f[m]).i]=p.x(d);return c.join("")}}}function nu(t){return((t=Math.exp(t))+1/t)/2}function cp(t){return((t=Math.exp(t))-1/t)/2}function hp(t){return((t=Math.exp(2*t))-1)/(t+1)}function hu(t){return function(e,n){var i=t((e=Oi(e)).h,(n=Oi(n)).h),r=at(e.s,n.s),s=at(e.l,n.l),o=at(e.opacity,n.opacity);return function(a){return e.h=i(a),e.s=r(a),e.l=s(a),e.opacity=o(a),e+""}}}function fu(t){return function(e,n){var i=t((e=Ni(e)).h,(n=Ni(n)).h),r=at(e.c,n.c),s=at(e.l,n.l),o=at(e.opacity,n.opacity);return function(a){return e.h=i(a),e.c=r(a),e.l=s(a),e.opacity=o(a),e+""}}}function du(t){return(function e(n){n=+n;function i(r,s){var o=t((r=Ii(r)).h,(s=Ii(s)).h),a=at(r.s,s.s),l=at(r.l,s.l),u=at(r.opacity,s.opacity);return function(h){return r.h=o(h),r.s=a(h),r.l=l(Math.pow(h,n)),r.opacity=u(h),r+""}}return i.gamma=e,i})(1)}var Di,$n,Nb,zb,Ss,$s,eu,Ms,Li,uu,cu,up,Ib,Lb,Db,Fb,Hb,Vb,qb,Fi=w(()=>{xs();Di=t=>()=>t;$n=(function t(e){var n=Jd(e);function i(r,s){var o=n((r=xn(r)).r,(s=xn(s)).r),a=n(r.g,s.g),l=n(r.b,s.b),u=at(r.opacity,s.opacity);return function(h){return r.r=o(h),r.g=a(h),r.b=l(h),r.opacity=u(h),r+""}}return i.gamma=t,i})(1);Nb=su(Gd),zb=su(Qd);Ss=/[-+]?(?:\d+\.?\d*|\.?\d+)(?:[eE][-+]?\d+)?/g,$s=new RegExp(Ss.source,"g");eu=180/Math.PI,Ms={translateX:0,translateY:0,rotate:0,skewX:0,scaleX:1,scaleY:1};uu=lu(ap,"px, ","px)","deg)"),cu=lu(lp,", ",")",")"),up=1e-12;Ib=(function t(e,n,i){function r(s,o){var a=s[0],l=s[1],u=s[2],h=o[0],c=o[1],f=o[2],d=h-a,m=c-l,g=d*d+m*m,p,_;if(g<up)_=Math.log(f/u)/e,p=function(O){return[a+O*d,l+O*m,u*Math.exp(e*O*_)]};else{var x=Math.sqrt(g),b=(f*f-u*u+i*g)/(2*u*n*x),S=(f*f-u*u-i*g)/(2*f*n*x),E=Math.log(Math.sqrt(b*b+1)-b),R=Math.log(Math.sqrt(S*S+1)-S);_=(R-E)/e,p=function(O){var N=O*_,V=nu(E),T=u/(n*x)*(V*hp(e*N+E)-cp(E));return[a+T*d,l+T*m,u*V/nu(e*N+E)]}}return p.duration=Math.abs(_)*1e3*e/Math.SQRT2,p}return r.rho=function(s){var o=Math.max(.001,+s),a=o*o,l=a*a;return t(o,a,l)},r})(Math.SQRT2,2,4);Lb=hu(Es),Db=hu(at);Fb=fu(Es),Hb=fu(at);Vb=du(Es),qb=du(at)});function Ui(){return pe||(gu(fp),pe=kn.now()+Bi)}function fp(){pe=0}function qi(){this._call=this._time=this._next=null}function Rs(t,e,n){var i=new qi;return i.restart(t,e,n),i}function dp(){Ui(),++Pe;for(var t=Hi,e;t;)(e=pe-t._time)>=0&&t._call.call(void 0,e),t=t._next;--Pe}function pu(){pe=(Vi=kn.now())+Bi,Pe=Mn=0;try{dp()}finally{Pe=0,mp(),pe=0}}function pp(){var t=kn.now(),e=t-Vi;e>mu&&(Bi-=e,Vi=t)}function mp(){for(var t,e=Hi,n,i=1/0;e;)e._call?(i>e._time&&(i=e._time),t=e,e=e._next):(n=e._next,e._next=null,e=t?t._next=n:Hi=n);En=t,Cs(i)}function Cs(t){if(!Pe){Mn&&(Mn=clearTimeout(Mn));var e=t-pe;e>24?(t<1/0&&(Mn=setTimeout(pu,Math.ceil(t-kn.now()-Bi)+1)),Sn&&(Sn=clearInterval(Sn))):(Sn||(Vi=kn.now(),Sn=setInterval(pp,mu)),Pe=1,gu(pu))}}function Ts(t,e,n){var i=new qi;return e=e==null?0:+e,i.restart(r=>{i.stop(),t(r+e)},e,n),i}var Pe,Mn,Sn,mu,Hi,En,Vi,pe,Bi,kn,gu,_u=w(()=>{Pe=0,Mn=0,Sn=0,mu=1e3,Vi=0,pe=0,Bi=0,kn=typeof performance=="object"&&performance.now?performance:Date,gu=typeof window=="object"&&window.requestAnimationFrame?window.requestAnimationFrame.bind(window):function(t){setTimeout(t,17)};qi.prototype=Rs.prototype={constructor:qi,restart:function(t,e,n){if(typeof t!="function")throw new TypeError("callback is not a function");n=(n==null?Ui():+n)+(e==null?0:+e),!this._next&&En!==this&&(En?En._next=this:Hi=this,En=this),this._call=t,this._time=n,Cs()},stop:function(){this._call&&(this._call=null,this._time=1/0,Cs())}}});function bu(t){return((t*=2)<=1?t*t*t:(t-=2)*t*t+2)/2}function ji(t){return(Math.pow(2,-10*t)-.0009765625)*1.0009775171065494}var As,jb,Wb,Kb,gp,Xb,yu,Yb,Gb,Qb,Zb,Jb,t0,e0,n0,i0,Ps,r0,s0,o0,Oe,Os,Ns,a0,l0,u0,vu=w(()=>{As=3,jb=(function t(e){e=+e;function n(i){return Math.pow(i,e)}return n.exponent=t,n})(As),Wb=(function t(e){e=+e;function n(i){return 1-Math.pow(1-i,e)}return n.exponent=t,n})(As),Kb=(function t(e){e=+e;function n(i){return((i*=2)<=1?Math.pow(i,e):2-Math.pow(2-i,e))/2}return n.exponent=t,n})(As),gp=Math.PI,Xb=gp/2;yu=4/11,Yb=6/11,Gb=8/11,Qb=3/4,Zb=9/11,Jb=10/11,t0=15/16,e0=21/22,n0=63/64,i0=1/yu/yu,Ps=1.70158,r0=(function t(e){e=+e;function n(i){return(i=+i)*i*(e*(i-1)+i)}return n.overshoot=t,n})(Ps),s0=(function t(e){e=+e;function n(i){return--i*i*((i+1)*e+i)+1}return n.overshoot=t,n})(Ps),o0=(function t(e){e=+e;function n(i){return((i*=2)<1?i*i*((e+1)*i-e):(i-=2)*i*((e+1)*i+e)+2)/2}return n.overshoot=t,n})(Ps),Oe=2*Math.PI,Os=1,Ns=.3,a0=(function t(e,n){var i=Math.asin(1/(e=Math.max(1,e)))*(n/=Oe);function r(s){return e*ji(- --s)*Math.sin((i-s)/n)}return r.amplitude=function(s){return t(s,n*Oe)},r.period=function(s){return t(e,s)},r})(Os,Ns),l0=(function t(e,n){var i=Math.asin(1/(e=Math.max(1,e)))*(n/=Oe);function r(s){return 1-e*ji(s=+s)*Math.sin((s+i)/n)}return r.amplitude=function(s){return t(s,n*Oe)},r.period=function(s){return t(e,s)},r})(Os,Ns),u0=(function t(e,n){var i=Math.asin(1/(e=Math.max(1,e)))*(n/=Oe);function r(s){return((s=s*2-1)<0?e*ji(-s)*Math.sin((i-s)/n):2-e*ji(s)*Math.sin((i+s)/n))/2}return r.amplitude=function(s){return t(s,n*Oe)},r.period=function(s){return t(e,s)},r})(Os,Ns)});function Xi(t,e,n,i,r,s){var o=t.__transition;if(!o)t.__transition={};else if(n in o)return;bp(t,n,{name:e,index:i,group:r,on:_p,tween:yp,time:s.time,delay:s.delay,duration:s.duration,ease:s.ease,timer:null,state:$u})}function Ls(t,e){var n=bt(t,e);if(n.state>$u)throw new Error("too late; already scheduled");return n}function Mt(t,e){var n=bt(t,e);if(n.state>Wi)throw new Error("too late; already running");return n}function bt(t,e){var n=t.__transition;if(!n||!(n=n[e]))throw new Error("transition not found");return n}function bp(t,e,n){var i=t.__transition,r;i[e]=n,n.timer=Rs(s,0,n.time);function s(u){n.state=wu,n.timer.restart(o,n.delay,n.time),n.delay<=u&&o(u-n.delay)}function o(u){var h,c,f,d;if(n.state!==wu)return l();for(h in i)if(d=i[h],d.name===n.name){if(d.state===Wi)return Ts(o);d.state===xu?(d.state=Ki,d.timer.stop(),d.on.call("interrupt",t,t.__data__,d.index,d.group),delete i[h]):+h<e&&(d.state=Ki,d.timer.stop(),d.on.call("cancel",t,t.__data__,d.index,d.group),delete i[h])}if(Ts(function(){n.state===Wi&&(n.state=xu,n.timer.restart(a,n.delay,n.time),a(u))}),n.state=zs,n.on.call("start",t,t.__data__,n.index,n.group),n.state===zs){for(n.state=Wi,r=new Array(f=n.tween.length),h=0,c=-1;h<f;++h)(d=n.tween[h].value.call(t,t.__data__,n.index,n.group))&&(r[++c]=d);r.length=c+1}}function a(u){for(var h=u<n.duration?n.ease.call(null,u/n.duration):(n.timer.restart(l),n.state=Is,1),c=-1,f=r.length;++c<f;)r[c].call(t,h);n.state===Is&&(n.on.call("end",t,t.__data__,n.index,n.group),l())}function l(){n.state=Ki,n.timer.stop(),delete i[e];for(var u in i)return;delete t.__transition}}function Yi(t,e){var n=t.__transition,i,r,s=!0,o;if(n){e=e==null?null:e+"";for(o in n){if((i=n[o]).name!==e){s=!1;continue}r=i.state>zs&&i.state<Is,i.state=Ki,i.timer.stop(),i.on.call(r?"interrupt":"cancel",t,t.__data__,i.index,i.group),delete n[o]}s&&delete t.__transition}}function vp(t){return this.each(function(){Yi(this,t)})}function wp(t,e){var n,i;return function(){var r=Mt(this,t),s=r.tween;if(s!==n){i=n=s;for(var o=0,a=i.length;o<a;++o)if(i[o].name===e){i=i.slice(),i.splice(o,1);break}}r.tween=i}}function xp(t,e,n){var i,r;if(typeof n!="function")throw new Error;return function(){var s=Mt(this,t),o=s.tween;if(o!==i){r=(i=o).slice();for(var a={name:e,value:n},l=0,u=r.length;l<u;++l)if(r[l].name===e){r[l]=a;break}l===u&&r.push(a)}s.tween=r}}function $p(t,e){var n=this._id;if(t+="",arguments.length<2){for(var i=bt(this.node(),n).tween,r=0,s=i.length,o;r<s;++r)if((o=i[r]).name===t)return o.value;return null}return this.each((e==null?wp:xp)(n,t,e))}function Ds(t,e,n){var i=t._id;return t.each(function(){var r=Mt(this,i);(r.value||(r.value={}))[e]=n.apply(this,arguments)}),function(r){return bt(r,i).value[e]}}function Su(t,e){var n;return(typeof e=="number"?dt:e instanceof Pt?$n:(n=Pt(e))?(e=n,$n):ks)(t,e)}function Sp(t){return function(){this.removeAttribute(t)}}function Mp(t){return function(){this.removeAttributeNS(t.space,t.local)}}function Ep(t,e,n){var i,r=n+"",s;return function(){var o=this.getAttribute(t);return o===r?null:o===i?s:s=e(i=o,n)}}function kp(t,e,n){var i,r=n+"",s;return function(){var o=this.getAttributeNS(t.space,t.local);return o===r?null:o===i?s:s=e(i=o,n)}}function Cp(t,e,n){var i,r,s;return function(){var o,a=n(this),l;return a==null?void this.removeAttribute(t):(o=this.getAttribute(t),l=a+"",o===l?null:o===i&&l===r?s:(r=l,s=e(i=o,a)))}}function Rp(t,e,n){var i,r,s;return function(){var o,a=n(this),l;return a==null?void this.removeAttributeNS(t.space,t.local):(o=this.getAttributeNS(t.space,t.local),l=a+"",o===l?null:o===i&&l===r?s:(r=l,s=e(i=o,a)))}}function Tp(t,e){var n=yn(t),i=n==="transform"?cu:Su;return this.attrTween(t,typeof e=="function"?(n.local?Rp:Cp)(n,i,Ds(this,"attr."+t,e)):e==null?(n.local?Mp:Sp)(n):(n.local?kp:Ep)(n,i,e))}function Ap(t,e){return function(n){this.setAttribute(t,e.call(this,n))}}function Pp(t,e){return function(n){this.setAttributeNS(t.space,t.local,e.call(this,n))}}function Op(t,e){var n,i;function r(){var s=e.apply(this,arguments);return s!==i&&(n=(i=s)&&Pp(t,s)),n}return r._value=e,r}function Np(t,e){var n,i;function r(){var s=e.apply(this,arguments);return s!==i&&(n=(i=s)&&Ap(t,s)),n}return r._value=e,r}function zp(t,e){var n="attr."+t;if(arguments.length<2)return(n=this.tween(n))&&n._value;if(e==null)return this.tween(n,null);if(typeof e!="function")throw new Error;var i=yn(t);return this.tween(n,(i.local?Op:Np)(i,e))}function Ip(t,e){return function(){Ls(this,t).delay=+e.apply(this,arguments)}}function Lp(t,e){return e=+e,function(){Ls(this,t).delay=e}}function Dp(t){var e=this._id;return arguments.length?this.each((typeof t=="function"?Ip:Lp)(e,t)):bt(this.node(),e).delay}function Fp(t,e){return function(){Mt(this,t).duration=+e.apply(this,arguments)}}function Hp(t,e){return e=+e,function(){Mt(this,t).duration=e}}function Vp(t){var e=this._id;return arguments.length?this.each((typeof t=="function"?Fp:Hp)(e,t)):bt(this.node(),e).duration}function qp(t,e){if(typeof e!="function")throw new Error;return function(){Mt(this,t).ease=e}}function Bp(t){var e=this._id;return arguments.length?this.each(qp(e,t)):bt(this.node(),e).ease}function Up(t,e){return function(){var n=e.apply(this,arguments);if(typeof n!="function")throw new Error;Mt(this,t).ease=n}}function jp(t){if(typeof t!="function")throw new Error;return this.each(Up(this._id,t))}function Wp(t){typeof t!="function"&&(t=cs(t));for(var e=this._groups,n=e.length,i=new Array(n),r=0;r<n;++r)for(var s=e[r],o=s.length,a=i[r]=[],l,u=0;u<o;++u)(l=s[u])&&t.call(l,l.__data__,u,s)&&a.push(l);return new Nt(i,this._parents,this._name,this._id)}function Kp(t){if(t._id!==this._id)throw new Error;for(var e=this._groups,n=t._groups,i=e.length,r=n.length,s=Math.min(i,r),o=new Array(i),a=0;a<s;++a)for(var l=e[a],u=n[a],h=l.length,c=o[a]=new Array(h),f,d=0;d<h;++d)(f=l[d]||u[d])&&(c[d]=f);for(;a<i;++a)o[a]=e[a];return new Nt(o,this._parents,this._name,this._id)}function Xp(t){return(t+"").trim().split(/^|\s+/).every(function(e){var n=e.indexOf(".");return n>=0&&(e=e.slice(0,n)),!e||e==="start"})}function Yp(t,e,n){var i,r,s=Xp(e)?Ls:Mt;return function(){var o=s(this,t),a=o.on;a!==i&&(r=(i=a).copy()).on(e,n),o.on=r}}function Gp(t,e){var n=this._id;return arguments.length<2?bt(this.node(),n).on.on(t):this.each(Yp(n,t,e))}function Qp(t){return function(){var e=this.parentNode;for(var n in this.__transition)if(+n!==t)return;e&&e.removeChild(this)}}function Zp(){return this.on("end.remove",Qp(this._id))}function Jp(t){var e=this._name,n=this._id;typeof t!="function"&&(t=ki(t));for(var i=this._groups,r=i.length,s=new Array(r),o=0;o<r;++o)for(var a=i[o],l=a.length,u=s[o]=new Array(l),h,c,f=0;f<l;++f)(h=a[f])&&(c=t.call(h,h.__data__,f,a))&&("__data__"in h&&(c.__data__=h.__data__),u[f]=c,Xi(u[f],e,n,f,u,bt(h,n)));return new Nt(s,this._parents,e,n)}function tm(t){var e=this._name,n=this._id;typeof t!="function"&&(t=us(t));for(var i=this._groups,r=i.length,s=[],o=[],a=0;a<r;++a)for(var l=i[a],u=l.length,h,c=0;c<u;++c)if(h=l[c]){for(var f=t.call(h,h.__data__,c,l),d,m=bt(h,n),g=0,p=f.length;g<p;++g)(d=f[g])&&Xi(d,e,n,g,f,m);s.push(f),o.push(h)}return new Nt(s,o,e,n)}function nm(){return new em(this._groups,this._parents)}function im(t,e){var n,i,r;return function(){var s=le(this,t),o=(this.style.removeProperty(t),le(this,t));return s===o?null:s===n&&o===i?r:r=e(n=s,i=o)}}function Mu(t){return function(){this.style.removeProperty(t)}}function rm(t,e,n){var i,r=n+"",s;return function(){var o=le(this,t);return o===r?null:o===i?s:s=e(i=o,n)}}function sm(t,e,n){var i,r,s;return function(){var o=le(this,t),a=n(this),l=a+"";return a==null&&(l=a=(this.style.removeProperty(t),le(this,t))),o===l?null:o===i&&l===r?s:(r=l,s=e(i=o,a))}}function om(t,e){var n,i,r,s="style."+e,o="end."+s,a;return function(){var l=Mt(this,t),u=l.on,h=l.value[s]==null?a||(a=Mu(e)):void 0;(u!==n||r!==h)&&(i=(n=u).copy()).on(o,r=h),l.on=i}}function am(t,e,n){var i=(t+="")=="transform"?uu:Su;return e==null?this.styleTween(t,im(t,i)).on("end.style."+t,Mu(t)):typeof e=="function"?this.styleTween(t,sm(t,i,Ds(this,"style."+t,e))).each(om(this._id,t)):this.styleTween(t,rm(t,i,e),n).on("end.style."+t,null)}function lm(t,e,n){return function(i){this.style.setProperty(t,e.call(this,i),n)}}function um(t,e,n){var i,r;function s(){var o=e.apply(this,arguments);return o!==r&&(i=(r=o)&&lm(t,o,n)),i}return s._value=e,s}function cm(t,e,n){var i="style."+(t+="");if(arguments.length<2)return(i=this.tween(i))&&i._value;if(e==null)return this.tween(i,null);if(typeof e!="function")throw new Error;return this.tween(i,um(t,e,n??""))}function hm(t){return function(){this.textContent=t}}function fm(t){return function(){var e=t(this);this.textContent=e??""}}function dm(t){return this.tween("text",typeof t=="function"?fm(Ds(this,"text",t)):hm(t==null?"":t+""))}function pm(t){return function(e){this.textContent=t.call(this,e)}}function mm(t){var e,n;function i(){var r=t.apply(this,arguments);return r!==n&&(e=(n=r)&&pm(r)),e}return i._value=t,i}function gm(t){var e="text";if(arguments.length<1)return(e=this.tween(e))&&e._value;if(t==null)return this.tween(e,null);if(typeof t!="function")throw new Error;return this.tween(e,mm(t))}function _m(){for(var t=this._name,e=this._id,n=Eu(),i=this._groups,r=i.length,s=0;s<r;++s)for(var o=i[s],a=o.length,l,u=0;u<a;++u)if(l=o[u]){var h=bt(l,e);Xi(l,t,n,u,o,{time:h.time+h.delay+h.duration,delay:0,duration:h.duration,ease:h.ease})}return new Nt(i,this._parents,t,n)}function ym(){var t,e,n=this,i=n._id,r=n.size();return new Promise(function(s,o){var a={value:o},l={value:function(){--r===0&&s()}};n.each(function(){var u=Mt(this,i),h=u.on;h!==t&&(e=(t=h).copy(),e._.cancel.push(a),e._.interrupt.push(a),e._.end.push(l)),u.on=e}),r===0&&s()})}function Nt(t,e,n,i){this._groups=t,this._parents=e,this._name=n,this._id=i}function vm(t){return ue().transition(t)}function Eu(){return++bm}function xm(t,e){for(var n;!(n=t.__transition)||!(n=n[e]);)if(!(t=t.parentNode))throw new Error(`transition ${e} not found`);return n}function $m(t){var e,n;t instanceof Nt?(e=t._id,t=t._name):(e=Eu(),(n=wm).time=Ui(),t=t==null?null:t+"");for(var i=this._groups,r=i.length,s=0;s<r;++s)for(var o=i[s],a=o.length,l,u=0;u<a;++u)(l=o[u])&&Xi(l,t,e,u,o,n||xm(l,e));return new Nt(i,this._parents,t,e)}var _p,yp,$u,wu,zs,Wi,xu,Is,Ki,em,bm,Ot,wm,ku=w(()=>{Ee();os();_u();Fi();xs();vu();_p=_n("start","end","cancel","interrupt"),yp=[],$u=0,wu=1,zs=2,Wi=3,xu=4,Is=5,Ki=6;em=ue.prototype.constructor;bm=0;Ot=ue.prototype;Nt.prototype=vm.prototype={constructor:Nt,select:Jp,selectAll:tm,selectChild:Ot.selectChild,selectChildren:Ot.selectChildren,filter:Wp,merge:Kp,selection:nm,transition:_m,call:Ot.call,nodes:Ot.nodes,node:Ot.node,size:Ot.size,empty:Ot.empty,each:Ot.each,on:Gp,attr:Tp,attrTween:zp,style:am,styleTween:cm,text:dm,textTween:gm,remove:Zp,tween:$p,delay:Dp,duration:Vp,ease:Bp,easeVarying:jp,end:ym,[Symbol.iterator]:Ot[Symbol.iterator]};wm={time:null,delay:0,duration:250,ease:bu};ue.prototype.interrupt=vp;ue.prototype.transition=$m});function Sm(t,{sourceEvent:e,target:n,selection:i,mode:r,dispatch:s}){Object.defineProperties(this,{type:{value:t,enumerable:!0,configurable:!0},sourceEvent:{value:e,enumerable:!0,configurable:!0},target:{value:n,enumerable:!0,configurable:!0},selection:{value:i,enumerable:!0,configurable:!0},mode:{value:r,enumerable:!0,configurable:!0},_:{value:s}})}function Mm(t){t.stopImmediatePropagation()}function Hs(t){t.preventDefault(),t.stopImmediatePropagation()}function Tu(t){return[+t[0],+t[1]]}function Us(t){return[Tu(t[0]),Tu(t[1])]}function Cn(t){return{type:t}}function Cm(t){return!t.ctrlKey&&!t.button}function Rm(){var t=this.ownerSVGElement||this;return t.hasAttribute("viewBox")?(t=t.viewBox.baseVal,[[t.x,t.y],[t.x+t.width,t.y+t.height]]):[[0,0],[t.width.baseVal.value,t.height.baseVal.value]]}function Tm(){return navigator.maxTouchPoints||"ontouchstart"in this}function Bs(t){for(;!t.__brush;)if(!(t=t.parentNode))return;return t.__brush}function Am(t){return t[0][0]===t[1][0]||t[0][1]===t[1][1]}function Ou(){return Pm(Gi)}function Pm(t){var e=Rm,n=Cm,i=Tm,r=!0,s=_n("start","brush","end"),o=6,a;function l(p){var _=p.property("__brush",g).selectAll(".overlay").data([Cn("overlay")]);_.enter().append("rect").attr("class","overlay").attr("pointer-events","all").attr("cursor",zt.overlay).merge(_).each(function(){var b=Bs(this).extent;rt(this).attr("x",b[0][0]).attr("y",b[0][1]).attr("width",b[1][0]-b[0][0]).attr("height",b[1][1]-b[0][1])}),p.selectAll(".selection").data([Cn("selection")]).enter().append("rect").attr("class","selection").attr("cursor",zt.selection).attr("fill","#777").attr("fill-opacity",.3).attr("stroke","#fff").attr("shape-rendering","crispEdges");var x=p.selectAll(".handle").data(t.handles,function(b){return b.type});x.exit().remove(),x.enter().append("rect").attr("class",function(b){return"handle handle--"+b.type}).attr("cursor",function(b){return zt[b.type]}),p.each(u).attr("fill","none").attr("pointer-events","all").on("mousedown.brush",f).filter(i).on("touchstart.brush",f).on("touchmove.brush",d).on("touchend.brush touchcancel.brush",m).style("touch-action","none").style("-webkit-tap-highlight-color","rgba(0,0,0,0)")}l.move=function(p,_,x){p.tween?p.on("start.brush",function(b){h(this,arguments).beforestart().start(b)}).on("interrupt.brush end.brush",function(b){h(this,arguments).end(b)}).tween("brush",function(){var b=this,S=b.__brush,E=h(b,arguments),R=S.selection,O=t.input(typeof _=="function"?_.apply(this,arguments):_,S.extent),N=Ae(R,O);function V(T){S.selection=T===1&&O===null?null:N(T),u.call(b),E.brush()}return R!==null&&O!==null?V:V(1)}):p.each(function(){var b=this,S=arguments,E=b.__brush,R=t.input(typeof _=="function"?_.apply(b,S):_,E.extent),O=h(b,S).beforestart();Yi(b),E.selection=R===null?null:R,u.call(b),O.start(x).brush(x).end(x)})},l.clear=function(p,_){l.move(p,null,_)};function u(){var p=rt(this),_=Bs(this).selection;_?(p.selectAll(".selection").style("display",null).attr("x",_[0][0]).attr("y",_[0][1]).attr("width",_[1][0]-_[0][0]).attr("height",_[1][1]-_[0][1]),p.selectAll(".handle").style("display",null).attr("x",function(x){return x.type[x.type.length-1]==="e"?_[1][0]-o/2:_[0][0]-o/2}).attr("y",function(x){return x.type[0]==="s"?_[1][1]-o/2:_[0][1]-o/2}).attr("width",function(x){return x.type==="n"||x.type==="s"?_[1][0]-_[0][0]+o:o}).attr("height",function(x){return x.type==="e"||x.type==="w"?_[1][1]-_[0][1]+o:o})):p.selectAll(".selection,.handle").style("display","none").attr("x",null).attr("y",null).attr("width",null).attr("height",null)}function h(p,_,x){var b=p.__brush.emitter;return b&&(!x||!b.clean)?b:new c(p,_,x)}function c(p,_,x){this.that=p,this.args=_,this.state=p.__brush,this.active=0,this.clean=x}c.prototype={beforestart:function(){return++this.active===1&&(this.state.emitter=this,this.starting=!0),this},start:function(p,_){return this.starting?(this.starting=!1,this.emit("start",p,_)):this.emit("brush",p),this},brush:function(p,_){return this.emit("brush",p,_),this},end:function(p,_){return--this.active===0&&(delete this.state.emitter,this.emit("end",p,_)),this},emit:function(p,_,x){var b=rt(this.that).datum();s.call(p,this.that,new Sm(p,{sourceEvent:_,target:l,selection:t.output(this.state.selection),mode:x,dispatch:s}),b)}};function f(p){if(a&&!p.touches||!n.apply(this,arguments))return;var _=this,x=p.target.__data__.type,b=(r&&p.metaKey?x="overlay":x)==="selection"?Cu:r&&p.altKey?ze:Ne,S=t===qs?null:Em[x],E=t===Gi?null:km[x],R=Bs(_),O=R.extent,N=R.selection,V=O[0][0],T,L,k=O[0][1],A,P,it=O[1][0],W,q,ut=O[1][1],B,I,K=0,X=0,ur,Ln=S&&E&&r&&p.shiftKey,Dn,Fn,st=Array.from(p.touches||[p],C=>{let Y=C.identifier;return C=Ci(C,_),C.point0=C.slice(),C.identifier=Y,C});Yi(_);var Ue=h(_,arguments,!0).beforestart();if(x==="overlay"){N&&(ur=!0);let C=[st[0],st[1]||st[0]];R.selection=N=[[T=t===qs?V:et(C[0][0],C[1][0]),A=t===Gi?k:et(C[0][1],C[1][1])],[W=t===qs?it:tt(C[0][0],C[1][0]),B=t===Gi?ut:tt(C[0][1],C[1][1])]],st.length>1&&Kt(p)}else T=N[0][0],A=N[0][1],W=N[1][0],B=N[1][1];L=T,P=A,q=W,I=B;var yo=rt(_).attr("pointer-events","none"),je=yo.selectAll(".overlay").attr("cursor",zt[x]);if(p.touches)Ue.moved=vo,Ue.ended=wo;else{var bo=rt(p.view).on("mousemove.brush",vo,!0).on("mouseup.brush",wo,!0);r&&bo.on("keydown.brush",nh,!0).on("keyup.brush",ih,!0),Rl(p.view)}u.call(_),Ue.start(p,b.name);function vo(C){for(let Y of C.changedTouches||[C])for(let We of st)We.identifier===Y.identifier&&(We.cur=Ci(Y,_));if(Ln&&!Dn&&!Fn&&st.length===1){let Y=st[0];Ru(Y.cur[0]-Y[0])>Ru(Y.cur[1]-Y[1])?Fn=!0:Dn=!0}for(let Y of st)Y.cur&&(Y[0]=Y.cur[0],Y[1]=Y.cur[1]);ur=!0,Hs(C),Kt(C)}function Kt(C){let Y=st[0],We=Y.point0;var Dt;switch(K=Y[0]-We[0],X=Y[1]-We[1],b){case Vs:case Cu:{S&&(K=tt(V-T,et(it-W,K)),L=T+K,q=W+K),E&&(X=tt(k-A,et(ut-B,X)),P=A+X,I=B+X);break}case Ne:{st[1]?(S&&(L=tt(V,et(it,st[0][0])),q=tt(V,et(it,st[1][0])),S=1),E&&(P=tt(k,et(ut,st[0][1])),I=tt(k,et(ut,st[1][1])),E=1)):(S<0?(K=tt(V-T,et(it-T,K)),L=T+K,q=W):S>0&&(K=tt(V-W,et(it-W,K)),L=T,q=W+K),E<0?(X=tt(k-A,et(ut-A,X)),P=A+X,I=B):E>0&&(X=tt(k-B,et(ut-B,X)),P=A,I=B+X));break}case ze:{S&&(L=tt(V,et(it,T-K*S)),q=tt(V,et(it,W+K*S))),E&&(P=tt(k,et(ut,A-X*E)),I=tt(k,et(ut,B+X*E)));break}}q<L&&(S*=-1,Dt=T,T=W,W=Dt,Dt=L,L=q,q=Dt,x in Au&&je.attr("cursor",zt[x=Au[x]])),I<P&&(E*=-1,Dt=A,A=B,B=Dt,Dt=P,P=I,I=Dt,x in Pu&&je.attr("cursor",zt[x=Pu[x]])),R.selection&&(N=R.selection),Dn&&(L=N[0][0],q=N[1][0]),Fn&&(P=N[0][1],I=N[1][1]),(N[0][0]!==L||N[0][1]!==P||N[1][0]!==q||N[1][1]!==I)&&(R.selection=[[L,P],[q,I]],u.call(_),Ue.brush(C,b.name))}function wo(C){if(Mm(C),C.touches){if(C.touches.length)return;a&&clearTimeout(a),a=setTimeout(function(){a=null},500)}else Tl(C.view,ur),bo.on("keydown.brush keyup.brush mousemove.brush mouseup.brush",null);yo.attr("pointer-events","all"),je.attr("cursor",zt.overlay),R.selection&&(N=R.selection),Am(N)&&(R.selection=null,u.call(_)),Ue.end(C,b.name)}function nh(C){switch(C.keyCode){case 16:{Ln=S&&E;break}case 18:{b===Ne&&(S&&(W=q-K*S,T=L+K*S),E&&(B=I-X*E,A=P+X*E),b=ze,Kt(C));break}case 32:{(b===Ne||b===ze)&&(S<0?W=q-K:S>0&&(T=L-K),E<0?B=I-X:E>0&&(A=P-X),b=Vs,je.attr("cursor",zt.selection),Kt(C));break}default:return}Hs(C)}function ih(C){switch(C.keyCode){case 16:{Ln&&(Dn=Fn=Ln=!1,Kt(C));break}case 18:{b===ze&&(S<0?W=q:S>0&&(T=L),E<0?B=I:E>0&&(A=P),b=Ne,Kt(C));break}case 32:{b===Vs&&(C.altKey?(S&&(W=q-K*S,T=L+K*S),E&&(B=I-X*E,A=P+X*E),b=ze):(S<0?W=q:S>0&&(T=L),E<0?B=I:E>0&&(A=P),b=Ne),je.attr("cursor",zt[x]),Kt(C));break}default:return}Hs(C)}}function d(p){h(this,arguments).moved(p)}function m(p){h(this,arguments).ended(p)}function g(){var p=this.__brush||{selection:null};return p.extent=Us(e.apply(this,arguments)),p.dim=t,p}return l.extent=function(p){return arguments.length?(e=typeof p=="function"?p:Fs(Us(p)),l):e},l.filter=function(p){return arguments.length?(n=typeof p=="function"?p:Fs(!!p),l):n},l.touchable=function(p){return arguments.length?(i=typeof p=="function"?p:Fs(!!p),l):i},l.handleSize=function(p){return arguments.length?(o=+p,l):o},l.keyModifiers=function(p){return arguments.length?(r=!!p,l):r},l.on=function(){var p=s.on.apply(s,arguments);return p===s?l:p},l}var Fs,Cu,Vs,Ne,ze,Ru,tt,et,Gi,qs,$0,zt,Au,Pu,Em,km,Nu=w(()=>{os();Al();Fi();Ee();ku();Fs=t=>()=>t;Cu={name:"drag"},Vs={name:"space"},Ne={name:"handle"},ze={name:"center"},{abs:Ru,max:tt,min:et}=Math;Gi={name:"x",handles:["w","e"].map(Cn),input:function(t,e){return t==null?null:[[+t[0],e[0][1]],[+t[1],e[1][1]]]},output:function(t){return t&&[t[0][0],t[1][0]]}},qs={name:"y",handles:["n","s"].map(Cn),input:function(t,e){return t==null?null:[[e[0][0],+t[0]],[e[1][0],+t[1]]]},output:function(t){return t&&[t[0][1],t[1][1]]}},$0={name:"xy",handles:["n","w","e","s","nw","ne","sw","se"].map(Cn),input:function(t){return t==null?null:Us(t)},output:function(t){return t}},zt={overlay:"crosshair",selection:"move",n:"ns-resize",e:"ew-resize",s:"ns-resize",w:"ew-resize",nw:"nwse-resize",ne:"nesw-resize",se:"nwse-resize",sw:"nesw-resize"},Au={e:"w",w:"e",nw:"ne",ne:"nw",se:"sw",sw:"se"},Pu={n:"s",s:"n",nw:"sw",ne:"se",se:"ne",sw:"nw"},Em={overlay:1,selection:1,n:null,e:1,s:null,w:-1,nw:-1,ne:1,se:1,sw:-1},km={overlay:1,selection:1,n:-1,e:null,s:1,w:null,nw:-1,ne:-1,se:1,sw:1}});function Rn(t,e){return t==null||e==null?NaN:t<e?-1:t>e?1:t>=e?0:NaN}function Om(t,e){return t==null||e==null?NaN:e<t?-1:e>t?1:e>=t?0:NaN}function Iu(t){let e,n,i;t.length!==2?(e=Rn,n=(a,l)=>Rn(t(a),l),i=(a,l)=>t(a)-l):(e=t===Rn||t===Om?t:Nm,n=t,i=t);function r(a,l,u=0,h=a.length){if(u<h){if(e(l,l)!==0)return h;do{let c=u+h>>>1;n(a[c],l)<0?u=c+1:h=c}while(u<h)}return u}function s(a,l,u=0,h=a.length){if(u<h){if(e(l,l)!==0)return h;do{let c=u+h>>>1;n(a[c],l)<=0?u=c+1:h=c}while(u<h)}return u}function o(a,l,u=0,h=a.length){let c=r(a,l,u,h-1);return c>u&&i(a[c-1],l)>-i(a[c],l)?c-1:c}return{left:r,center:o,right:s}}function Nm(){return 0}function zm(t){return t===null?NaN:+t}function Fu(t){return function(e,n,i=n){if(!((n=+n)>=0))throw new RangeError("invalid rx");if(!((i=+i)>=0))throw new RangeError("invalid ry");let{data:r,width:s,height:o}=e;if(!((s=Math.floor(s))>=0))throw new RangeError("invalid width");if(!((o=Math.floor(o!==void 0?o:r.length/s))>=0))throw new RangeError("invalid height");if(!s||!o||!n&&!i)return e;let a=n&&t(n),l=i&&t(i),u=r.slice();return a&&l?(Ie(a,u,r,s,o),Ie(a,r,u,s,o),Ie(a,u,r,s,o),Le(l,r,u,s,o),Le(l,u,r,s,o),Le(l,r,u,s,o)):a?(Ie(a,r,u,s,o),Ie(a,u,r,s,o),Ie(a,r,u,s,o)):l&&(Le(l,r,u,s,o),Le(l,u,r,s,o),Le(l,r,u,s,o)),e}}function Ie(t,e,n,i,r){for(let s=0,o=i*r;s<o;)t(e,n,s,s+=i,1)}function Le(t,e,n,i,r){for(let s=0,o=i*r;s<i;++s)t(e,n,s,s+o,i)}function Im(t){let e=Hu(t);return(n,i,r,s,o)=>{r<<=2,s<<=2,o<<=2,e(n,i,r+0,s+0,o),e(n,i,r+1,s+1,o),e(n,i,r+2,s+2,o),e(n,i,r+3,s+3,o)}}function Hu(t){let e=Math.floor(t);if(e===t)return Lm(t);let n=t-e,i=2*t+1;return(r,s,o,a,l)=>{if(!((a-=l)>=o))return;let u=e*s[o],h=l*e,c=h+l;for(let f=o,d=o+h;f<d;f+=l)u+=s[Math.min(a,f)];for(let f=o,d=a;f<=d;f+=l)u+=s[Math.min(a,f+h)],r[f]=(u+n*(s[Math.max(o,f-c)]+s[Math.min(a,f+c)]))/i,u-=s[Math.max(o,f-h)]}}function Lm(t){let e=2*t+1;return(n,i,r,s,o)=>{if(!((s-=o)>=r))return;let a=t*i[r],l=o*t;for(let u=r,h=r+l;u<h;u+=o)a+=i[Math.min(s,u)];for(let u=r,h=s;u<=h;u+=o)a+=i[Math.min(s,u+l)],n[u]=a/e,a-=i[Math.max(r,u-l)]}}function zu({_intern:t,_key:e},n){let i=e(n);return t.has(i)?t.get(i):n}function Dm({_intern:t,_key:e},n){let i=e(n);return t.has(i)?t.get(i):(t.set(i,n),n)}function Fm({_intern:t,_key:e},n){let i=e(n);return t.has(i)&&(n=t.get(i),t.delete(i)),n}function Hm(t){return t!==null&&typeof t=="object"?t.valueOf():t}function Qi(t,e,n){let i=(e-t)/Math.max(0,n),r=Math.floor(Math.log10(i)),s=i/Math.pow(10,r),o=s>=qm?10:s>=Bm?5:s>=Um?2:1,a,l,u;return r<0?(u=Math.pow(10,-r)/o,a=Math.round(t*u),l=Math.round(e*u),a/u<t&&++a,l/u>e&&--l,u=-u):(u=Math.pow(10,r)*o,a=Math.round(t/u),l=Math.round(e/u),a*u<t&&++a,l*u>e&&--l),l<a&&.5<=n&&n<2?Qi(t,e,n*2):[a,l,u]}function Vu(t,e,n){if(e=+e,t=+t,n=+n,!(n>0))return[];if(t===e)return[t];let i=e<t,[r,s,o]=i?Qi(e,t,n):Qi(t,e,n);if(!(s>=r))return[];let a=s-r+1,l=new Array(a);if(i)if(o<0)for(let u=0;u<a;++u)l[u]=(s-u)/-o;else for(let u=0;u<a;++u)l[u]=(s-u)*o;else if(o<0)for(let u=0;u<a;++u)l[u]=(r+u)/-o;else for(let u=0;u<a;++u)l[u]=(r+u)*o;return l}function Zi(t,e,n){return e=+e,t=+t,n=+n,Qi(t,e,n)[2]}function qu(t,e,n){e=+e,t=+t,n=+n;let i=e<t,r=i?Zi(e,t,n):Zi(t,e,n);return(i?-1:1)*(r<0?1/-r:r)}function Bu(t,e,n){t=+t,e=+e,n=(r=arguments.length)<2?(e=t,t=0,1):r<3?1:+n;for(var i=-1,r=Math.max(0,Math.ceil((e-t)/n))|0,s=new Array(r);++i<r;)s[i]=t+i*n;return s}function jm(t){return function(n,i=0,r=n.length){let s=r-(i=+i);for(;s;){let o=t()*s--|0,a=n[s+i];n[s+i]=n[o+i],n[o+i]=a}return n}}var Lu,Du,M0,E0,k0,C0,Tn,Vm,R0,qm,Bm,Um,T0,Uu=w(()=>{Lu=Iu(Rn),Du=Lu.right,M0=Lu.left,E0=Iu(zm).center,k0=Fu(Hu),C0=Fu(Im);Tn=class extends Map{constructor(e,n=Hm){if(super(),Object.defineProperties(this,{_intern:{value:new Map},_key:{value:n}}),e!=null)for(let[i,r]of e)this.set(i,r)}get(e){return super.get(zu(this,e))}has(e){return super.has(zu(this,e))}set(e,n){return super.set(Dm(this,e),n)}delete(e){return super.delete(Fm(this,e))}};Vm=Array.prototype,R0=Vm.slice,qm=Math.sqrt(50),Bm=Math.sqrt(10),Um=Math.sqrt(2);T0=jm(Math.random)});function Wm(t){return Math.abs(t=Math.round(t))>=1e21?t.toLocaleString("en").replace(/,/g,""):t.toString(10)}function tr(t,e){if(!isFinite(t)||t===0)return null;var n=(t=e?t.toExponential(e-1):t.toExponential()).indexOf("e"),i=t.slice(0,n);return[i.length>1?i[0]+i.slice(2):i,+t.slice(n+1)]}function De(t){return t=tr(Math.abs(t)),t?t[1]:NaN}function Km(t,e){return function(n,i){for(var r=n.length,s=[],o=0,a=t[0],l=0;r>0&&a>0&&(l+a+1>i&&(a=Math.max(1,i-l)),s.push(n.substring(r-=a,r+a)),!((l+=a+1)>i));)a=t[o=(o+1)%t.length];return s.reverse().join(e)}}function Xm(t){return function(e){return e.replace(/[0-9]/g,function(n){return t[+n]})}}function An(t){if(!(e=Ym.exec(t)))throw new Error("invalid format: "+t);var e;return new js({fill:e[1],align:e[2],sign:e[3],symbol:e[4],zero:e[5],width:e[6],comma:e[7],precision:e[8]&&e[8].slice(1),trim:e[9],type:e[10]})}function js(t){this.fill=t.fill===void 0?" ":t.fill+"",this.align=t.align===void 0?">":t.align+"",this.sign=t.sign===void 0?"-":t.sign+"",this.symbol=t.symbol===void 0?"":t.symbol+"",this.zero=!!t.zero,this.width=t.width===void 0?void 0:+t.width,this.comma=!!t.comma,this.precision=t.precision===void 0?void 0:+t.precision,this.trim=!!t.trim,this.type=t.type===void 0?"":t.type+""}function Gm(t){t:for(var e=t.length,n=1,i=-1,r;n<e;++n)switch(t[n]){case".":i=r=n;break;case"0":i===0&&(i=n),r=n;break;default:if(!+t[n])break t;i>0&&(i=0);break}return i>0?t.slice(0,i)+t.slice(r+1):t}function Qm(t,e){var n=tr(t,e);if(!n)return er=void 0,t.toPrecision(e);var i=n[0],r=n[1],s=r-(er=Math.max(-8,Math.min(8,Math.floor(r/3)))*3)+1,o=i.length;return s===o?i:s>o?i+new Array(s-o+1).join("0"):s>0?i.slice(0,s)+"."+i.slice(s):"0."+new Array(1-s).join("0")+tr(t,Math.max(0,e+s-1))[0]}function ju(t,e){var n=tr(t,e);if(!n)return t+"";var i=n[0],r=n[1];return r<0?"0."+new Array(-r).join("0")+i:i.length>r+1?i.slice(0,r+1)+"."+i.slice(r+1):i+new Array(r-i.length+2).join("0")}function Ku(t){return t}function Zm(t){var e=t.grouping===void 0||t.thousands===void 0?Ku:Km(Xu.call(t.grouping,Number),t.thousands+""),n=t.currency===void 0?"":t.currency[0]+"",i=t.currency===void 0?"":t.currency[1]+"",r=t.decimal===void 0?".":t.decimal+"",s=t.numerals===void 0?Ku:Xm(Xu.call(t.numerals,String)),o=t.percent===void 0?"%":t.percent+"",a=t.minus===void 0?"−":t.minus+"",l=t.nan===void 0?"NaN":t.nan+"";function u(c,f){c=An(c);var d=c.fill,m=c.align,g=c.sign,p=c.symbol,_=c.zero,x=c.width,b=c.comma,S=c.precision,E=c.trim,R=c.type;R==="n"?(b=!0,R="g"):Wu[R]||(S===void 0&&(S=12),E=!0,R="g"),(_||d==="0"&&m==="=")&&(_=!0,d="0",m="=");var O=(f&&f.prefix!==void 0?f.prefix:"")+(p==="$"?n:p==="#"&&/[boxX]/.test(R)?"0"+R.toLowerCase():""),N=(p==="$"?i:/[%p]/.test(R)?o:"")+(f&&f.suffix!==void 0?f.suffix:""),V=Wu[R],T=/[defgprs%]/.test(R);S=S===void 0?6:/[gprs]/.test(R)?Math.max(1,Math.min(21,S)):Math.max(0,Math.min(20,S));function L(k){var A=O,P=N,it,W,q;if(R==="c")P=V(k)+P,k="";else{k=+k;var ut=k<0||1/k<0;if(k=isNaN(k)?l:V(Math.abs(k),S),E&&(k=Gm(k)),ut&&+k==0&&g!=="+"&&(ut=!1),A=(ut?g==="("?g:a:g==="-"||g==="("?"":g)+A,P=(R==="s"&&!isNaN(k)&&er!==void 0?Yu[8+er/3]:"")+P+(ut&&g==="("?")":""),T){for(it=-1,W=k.length;++it<W;)if(q=k.charCodeAt(it),48>q||q>57){P=(q===46?r+k.slice(it+1):k.slice(it))+P,k=k.slice(0,it);break}}}b&&!_&&(k=e(k,1/0));var B=A.length+k.length+P.length,I=B<x?new Array(x-B+1).join(d):"";switch(b&&_&&(k=e(I+k,I.length?x-P.length:1/0),I=""),m){case"<":k=A+k+P+I;break;case"=":k=A+I+k+P;break;case"^":k=I.slice(0,B=I.length>>1)+A+k+P+I.slice(B);break;default:k=I+A+k+P;break}return s(k)}return L.toString=function(){return c+""},L}function h(c,f){var d=Math.max(-8,Math.min(8,Math.floor(De(f)/3)))*3,m=Math.pow(10,-d),g=u((c=An(c),c.type="f",c),{suffix:Yu[8+d/3]});return function(p){return g(m*p)}}return{format:u,formatPrefix:h}}function Jm(t){return Ji=Zm(t),Ws=Ji.format,Ks=Ji.formatPrefix,Ji}function Gu(t){return Math.max(0,-De(Math.abs(t)))}function Qu(t,e){return Math.max(0,Math.max(-8,Math.min(8,Math.floor(De(e)/3)))*3-De(Math.abs(t)))}function Zu(t,e){return t=Math.abs(t),e=Math.abs(e)-t,Math.max(0,De(e)-De(t))+1}var Ym,er,Wu,Xu,Yu,Ji,Ws,Ks,Ju=w(()=>{Ym=/^(?:(.)?([<>=^]))?([+\-( ])?([$#])?(0)?(\d+)?(,)?(\.\d+)?(~)?([a-z%])?$/i;An.prototype=js.prototype;js.prototype.toString=function(){return this.fill+this.align+this.sign+this.symbol+(this.zero?"0":"")+(this.width===void 0?"":Math.max(1,this.width|0))+(this.comma?",":"")+(this.precision===void 0?"":"."+Math.max(0,this.precision|0))+(this.trim?"~":"")+this.type};Wu={"%":(t,e)=>(t*100).toFixed(e),b:t=>Math.round(t).toString(2),c:t=>t+"",d:Wm,e:(t,e)=>t.toExponential(e),f:(t,e)=>t.toFixed(e),g:(t,e)=>t.toPrecision(e),o:t=>Math.round(t).toString(8),p:(t,e)=>ju(t*100,e),r:ju,s:Qm,X:t=>Math.round(t).toString(16).toUpperCase(),x:t=>Math.round(t).toString(16)};Xu=Array.prototype.map,Yu=["y","z","a","f","p","n","µ","m","","k","M","G","T","P","E","Z","Y"];Jm({thousands:",",grouping:[3],currency:["$",""]})});function Ys(t,e){switch(arguments.length){case 0:break;case 1:this.range(t);break;default:this.range(e).domain(t);break}return this}function nc(){var t=new Tn,e=[],n=[],i=tc;function r(s){let o=t.get(s);if(o===void 0){if(i!==tc)return i;t.set(s,o=e.push(s)-1)}return n[o%n.length]}return r.domain=function(s){if(!arguments.length)return e.slice();e=[],t=new Tn;for(let o of s)t.has(o)||t.set(o,e.push(o)-1);return r},r.range=function(s){return arguments.length?(n=Array.from(s),r):n.slice()},r.unknown=function(s){return arguments.length?(i=s,r):i},r.copy=function(){return nc(e,n).unknown(i)},Ys.apply(r,arguments),r}function ic(){var t=nc().unknown(void 0),e=t.domain,n=t.range,i=0,r=1,s,o,a=!1,l=0,u=0,h=.5;delete t.unknown;function c(){var f=e().length,d=r<i,m=d?r:i,g=d?i:r;s=(g-m)/Math.max(1,f-l+u*2),a&&(s=Math.floor(s)),m+=(g-m-s*(f-l))*h,o=s*(1-l),a&&(m=Math.round(m),o=Math.round(o));var p=Bu(f).map(function(_){return m+s*_});return n(d?p.reverse():p)}return t.domain=function(f){return arguments.length?(e(f),c()):e()},t.range=function(f){return arguments.length?([i,r]=f,i=+i,r=+r,c()):[i,r]},t.rangeRound=function(f){return[i,r]=f,i=+i,r=+r,a=!0,c()},t.bandwidth=function(){return o},t.step=function(){return s},t.round=function(f){return arguments.length?(a=!!f,c()):a},t.padding=function(f){return arguments.length?(l=Math.min(1,u=+f),c()):l},t.paddingInner=function(f){return arguments.length?(l=Math.min(1,f),c()):l},t.paddingOuter=function(f){return arguments.length?(u=+f,c()):u},t.align=function(f){return arguments.length?(h=Math.max(0,Math.min(1,f)),c()):h},t.copy=function(){return ic(e(),[i,r]).round(a).paddingInner(l).paddingOuter(u).align(h)},Ys.apply(c(),arguments)}function rc(t){var e=t.copy;return t.padding=t.paddingOuter,delete t.paddingInner,delete t.paddingOuter,t.copy=function(){return rc(e())},t}function sc(){return rc(ic.apply(null,arguments).paddingInner(1))}function tg(t){return function(){return t}}function eg(t){return+t}function Fe(t){return t}function Xs(t,e){return(e-=t=+t)?function(n){return(n-t)/e}:tg(isNaN(e)?NaN:.5)}function ng(t,e){var n;return t>e&&(n=t,t=e,e=n),function(i){return Math.max(t,Math.min(e,i))}}function ig(t,e,n){var i=t[0],r=t[1],s=e[0],o=e[1];return r<i?(i=Xs(r,i),s=n(o,s)):(i=Xs(i,r),s=n(s,o)),function(a){return s(i(a))}}function rg(t,e,n){var i=Math.min(t.length,e.length)-1,r=new Array(i),s=new Array(i),o=-1;for(t[i]<t[0]&&(t=t.slice().reverse(),e=e.slice().reverse());++o<i;)r[o]=Xs(t[o],t[o+1]),s[o]=n(e[o],e[o+1]);return function(a){var l=Du(t,a,1,i)-1;return s[l](r[l](a))}}function sg(t,e){return e.domain(t.domain()).range(t.range()).interpolate(t.interpolate()).clamp(t.clamp()).unknown(t.unknown())}function og(){var t=ec,e=ec,n=Ae,i,r,s,o=Fe,a,l,u;function h(){var f=Math.min(t.length,e.length);return o!==Fe&&(o=ng(t[0],t[f-1])),a=f>2?rg:ig,l=u=null,c}function c(f){return f==null||isNaN(f=+f)?s:(l||(l=a(t.map(i),e,n)))(i(o(f)))}return c.invert=function(f){return o(r((u||(u=a(e,t.map(i),dt)))(f)))},c.domain=function(f){return arguments.length?(t=Array.from(f,eg),h()):t.slice()},c.range=function(f){return arguments.length?(e=Array.from(f),h()):e.slice()},c.rangeRound=function(f){return e=Array.from(f),n=ou,h()},c.clamp=function(f){return arguments.length?(o=f?!0:Fe,h()):o!==Fe},c.interpolate=function(f){return arguments.length?(n=f,h()):n},c.unknown=function(f){return arguments.length?(s=f,c):s},function(f,d){return i=f,r=d,h()}}function ag(){return og()(Fe,Fe)}function lg(t,e,n,i){var r=qu(t,e,n),s;switch(i=An(i??",f"),i.type){case"s":{var o=Math.max(Math.abs(t),Math.abs(e));return i.precision==null&&!isNaN(s=Qu(r,o))&&(i.precision=s),Ks(i,o)}case"":case"e":case"g":case"p":case"r":{i.precision==null&&!isNaN(s=Zu(r,Math.max(Math.abs(t),Math.abs(e))))&&(i.precision=s-(i.type==="e"));break}case"f":case"%":{i.precision==null&&!isNaN(s=Gu(r))&&(i.precision=s-(i.type==="%")*2);break}}return Ws(i)}function ug(t){var e=t.domain;return t.ticks=function(n){var i=e();return Vu(i[0],i[i.length-1],n??10)},t.tickFormat=function(n,i){var r=e();return lg(r[0],r[r.length-1],n??10,i)},t.nice=function(n){n==null&&(n=10);var i=e(),r=0,s=i.length-1,o=i[r],a=i[s],l,u,h=10;for(a<o&&(u=o,o=a,a=u,u=r,r=s,s=u);h-- >0;){if(u=Zi(o,a,n),u===l)return i[r]=o,i[s]=a,e(i);if(u>0)o=Math.floor(o/u)*u,a=Math.ceil(a/u)*u;else if(u<0)o=Math.ceil(o*u)/u,a=Math.floor(a*u)/u;else break;l=u}return t},t}function Pn(){var t=ag();return t.copy=function(){return sg(t,Pn())},Ys.apply(t,arguments),ug(t)}var tc,ec,Gs=w(()=>{Uu();Fi();Ju();tc=Symbol("implicit");ec=[0,1]});function cg(t,e){let n=Math.abs(t[1]-t[0])/Math.max(1e-9,Math.abs(e[1]-e[0]));return!(n>0)||!Number.isFinite(n)?3:Math.min(10,Math.max(0,Math.ceil(-Math.log10(n))))}function hg(t,e,n){let[i,r]=e,[s,o]=n;return o===s?i:i+(t-s)*(r-i)/(o-s)}function Qs(t,e,n){let[i,r]=e,[s,o]=n;return r===i?s:s+(t-i)*(o-s)/(r-i)}function oc(t,e,n,i=1){let r=Math.min(n[0],n[1]),s=Math.max(n[0],n[1]),o=cg(e,n),a=m=>Number(m.toFixed(o)),l=t.map(m=>Math.min(s,Math.max(r,m))).map(m=>({px:m,value:a(hg(m,e,n))}));l.sort((m,g)=>m.value-g.value);let[u,h]=l,c=(m,g)=>Math.abs(m-Qs(g,e,n))<=i,f=Math.min(e[0],e[1]),d=Math.max(e[0],e[1]);return{low:c(u.px,f)?null:u.value,high:c(h.px,d)?null:h.value}}function ac(t,e,n){let i=Math.min(e[0],e[1]),r=Math.max(e[0],e[1]),s=l=>Math.min(r,Math.max(i,l)),o=Qs(s(t.low??i),e,n),a=Qs(s(t.high??r),e,n);return[Math.min(o,a),Math.max(o,a)]}var lc=w(()=>{"use strict"});function uc(t){this._+=t[0];for(let e=1,n=t.length;e<n;++e)this._+=arguments[e]+t[e]}function dg(t){let e=Math.floor(t);if(!(e>=0))throw new Error(`invalid digits: ${t}`);if(e>15)return uc;let n=10**e;return function(i){this._+=i[0];for(let r=1,s=i.length;r<s;++r)this._+=Math.round(arguments[r]*n)/n+i[r]}}function cc(t,e,n,i){return t===n&&e===i}function pg(t){let e=Math.floor(t);if(!(e<=15))return cc;let n=10**e,i=function(r){return Math.round(r*n)};return function(r,s,o,a){return i(r)===i(o)&&i(s)===i(a)}}function mg(){return new He}var On,Zs,me,fg,He,hc=w(()=>{On=Math.PI,Zs=2*On,me=1e-6,fg=Zs-me;He=class{constructor(e){this._x0=this._y0=this._x1=this._y1=null,this._="",this._append=e==null?uc:dg(e),this._equal=e==null?cc:pg(e)}moveTo(e,n){this._append`M${this._x0=this._x1=+e},${this._y0=this._y1=+n}`}closePath(){this._x1!==null&&(this._x1=this._x0,this._y1=this._y0,this._append`Z`)}lineTo(e,n){this._append`L${this._x1=+e},${this._y1=+n}`}quadraticCurveTo(e,n,i,r){this._append`Q${+e},${+n},${this._x1=+i},${this._y1=+r}`}bezierCurveTo(e,n,i,r,s,o){this._append`C${+e},${+n},${+i},${+r},${this._x1=+s},${this._y1=+o}`}arcTo(e,n,i,r,s){if(e=+e,n=+n,i=+i,r=+r,s=+s,s<0)throw new Error(`negative radius: ${s}`);let o=this._x1,a=this._y1,l=i-e,u=r-n,h=o-e,c=a-n,f=h*h+c*c;if(this._x1===null)this._append`M${this._x1=e},${this._y1=n}`;else if(f>me)if(!(Math.abs(c*l-u*h)>me)||!s)this._append`L${this._x1=e},${this._y1=n}`;else{let d=i-o,m=r-a,g=l*l+u*u,p=d*d+m*m,_=Math.sqrt(g),x=Math.sqrt(f),b=s*Math.tan((On-Math.acos((g+f-p)/(2*_*x)))/2),S=b/x,E=b/_;Math.abs(S-1)>me&&this._append`L${e+S*h},${n+S*c}`,this._append`A${s},${s},0,0,${+(c*d>h*m)},${this._x1=e+E*l},${this._y1=n+E*u}`}}arc(e,n,i,r,s,o){if(e=+e,n=+n,i=+i,o=!!o,i<0)throw new Error(`negative radius: ${i}`);let a=i*Math.cos(r),l=i*Math.sin(r),u=e+a,h=n+l,c=1^o,f=o?r-s:s-r;if(this._x1===null?this._append`M${u},${h}`:(Math.abs(this._x1-u)>me||Math.abs(this._y1-h)>me)&&this._append`L${u},${h}`,!!i){if(f<0&&(f=f%Zs+Zs),f>fg)this._append`A${i},${i},0,1,${c},${e-a},${n-l}A${i},${i},0,1,${c},${this._x1=u},${this._y1=h}`;else if(f>me){let d=e+i*Math.cos(s),m=n+i*Math.sin(s);if(f>=On&&this._equal(u,h,d,m)){f/=2;let g=r+f;this._append`A${i},${i},0,${+(f>=On)},${c},${e+i*Math.cos(g)},${n+i*Math.sin(g)}`}this._append`A${i},${i},0,${+(f>=On)},${c},${this._x1=d},${this._y1=m}`}}}rect(e,n,i,r){this._append`M${this._x0=this._x1=+e},${this._y0=this._y1=+n}h${i=+i}v${+r}h${-i}Z`}toString(){return this._}};mg.prototype=He.prototype});function J(t){return function(){return t}}function yc(t){let e=3;return t.digits=function(n){if(!arguments.length)return e;if(n==null)e=null;else{let i=Math.floor(n);if(!(i>=0))throw new RangeError(`invalid digits: ${n}`);e=i}return t},()=>new He(e)}function bc(t){return typeof t=="object"&&"length"in t?t:Array.from(t)}function vc(t){this._context=t}function eo(t){return new vc(t)}function wc(t){return t[0]}function xc(t){return t[1]}function no(t,e){var n=J(!0),i=null,r=eo,s=null,o=yc(a);t=typeof t=="function"?t:t===void 0?wc:J(t),e=typeof e=="function"?e:e===void 0?xc:J(e);function a(l){var u,h=(l=bc(l)).length,c,f=!1,d;for(i==null&&(s=r(d=o())),u=0;u<=h;++u)!(u<h&&n(c=l[u],u,l))===f&&((f=!f)?s.lineStart():s.lineEnd()),f&&s.point(+t(c,u,l),+e(c,u,l));if(d)return s=null,d+""||null}return a.x=function(l){return arguments.length?(t=typeof l=="function"?l:J(+l),a):t},a.y=function(l){return arguments.length?(e=typeof l=="function"?l:J(+l),a):e},a.defined=function(l){return arguments.length?(n=typeof l=="function"?l:J(!!l),a):n},a.curve=function(l){return arguments.length?(r=l,i!=null&&(s=r(i)),a):r},a.context=function(l){return arguments.length?(l==null?i=s=null:s=r(i=l),a):i},a}function $c(t,e,n){var i=null,r=J(!0),s=null,o=eo,a=null,l=yc(u);t=typeof t=="function"?t:t===void 0?wc:J(+t),e=typeof e=="function"?e:J(e===void 0?0:+e),n=typeof n=="function"?n:n===void 0?xc:J(+n);function u(c){var f,d,m,g=(c=bc(c)).length,p,_=!1,x,b=new Array(g),S=new Array(g);for(s==null&&(a=o(x=l())),f=0;f<=g;++f){if(!(f<g&&r(p=c[f],f,c))===_)if(_=!_)d=f,a.areaStart(),a.lineStart();else{for(a.lineEnd(),a.lineStart(),m=f-1;m>=d;--m)a.point(b[m],S[m]);a.lineEnd(),a.areaEnd()}_&&(b[f]=+t(p,f,c),S[f]=+e(p,f,c),a.point(i?+i(p,f,c):b[f],n?+n(p,f,c):S[f]))}if(x)return a=null,x+""||null}function h(){return no().defined(r).curve(o).context(s)}return u.x=function(c){return arguments.length?(t=typeof c=="function"?c:J(+c),i=null,u):t},u.x0=function(c){return arguments.length?(t=typeof c=="function"?c:J(+c),u):t},u.x1=function(c){return arguments.length?(i=c==null?null:typeof c=="function"?c:J(+c),u):i},u.y=function(c){return arguments.length?(e=typeof c=="function"?c:J(+c),n=null,u):e},u.y0=function(c){return arguments.length?(e=typeof c=="function"?c:J(+c),u):e},u.y1=function(c){return arguments.length?(n=c==null?null:typeof c=="function"?c:J(+c),u):n},u.lineX0=u.lineY0=function(){return h().x(t).y(e)},u.lineY1=function(){return h().x(t).y(n)},u.lineX1=function(){return h().x(i).y(e)},u.defined=function(c){return arguments.length?(r=typeof c=="function"?c:J(!!c),u):r},u.curve=function(c){return arguments.length?(o=c,s!=null&&(a=o(s)),u):o},u.context=function(c){return arguments.length?(c==null?s=a=null:a=o(s=c),u):s},u}function Sc(t){this._curve=t}function _g(t){function e(n){return new Sc(t(n))}return e._curve=t,e}function Wt(){}function ir(t,e,n){t._context.bezierCurveTo((2*t._x0+t._x1)/3,(2*t._y0+t._y1)/3,(t._x0+2*t._x1)/3,(t._y0+2*t._y1)/3,(t._x0+4*t._x1+e)/6,(t._y0+4*t._y1+n)/6)}function io(t){this._context=t}function vg(t){this._context=t}function wg(t){this._context=t}function Ec(t,e){this._basis=new io(t),this._beta=e}function rr(t,e,n){t._context.bezierCurveTo(t._x1+t._k*(t._x2-t._x0),t._y1+t._k*(t._y2-t._y0),t._x2+t._k*(t._x1-e),t._y2+t._k*(t._y1-n),t._x2,t._y2)}function ro(t,e){this._context=t,this._k=(1-e)/6}function so(t,e){this._context=t,this._k=(1-e)/6}function oo(t,e){this._context=t,this._k=(1-e)/6}function ao(t,e,n){var i=t._x1,r=t._y1,s=t._x2,o=t._y2;if(t._l01_a>fc){var a=2*t._l01_2a+3*t._l01_a*t._l12_a+t._l12_2a,l=3*t._l01_a*(t._l01_a+t._l12_a);i=(i*a-t._x0*t._l12_2a+t._x2*t._l01_2a)/l,r=(r*a-t._y0*t._l12_2a+t._y2*t._l01_2a)/l}if(t._l23_a>fc){var u=2*t._l23_2a+3*t._l23_a*t._l12_a+t._l12_2a,h=3*t._l23_a*(t._l23_a+t._l12_a);s=(s*u+t._x1*t._l23_2a-e*t._l12_2a)/h,o=(o*u+t._y1*t._l23_2a-n*t._l12_2a)/h}t._context.bezierCurveTo(i,r,s,o,t._x2,t._y2)}function kc(t,e){this._context=t,this._alpha=e}function Cc(t,e){this._context=t,this._alpha=e}function Rc(t,e){this._context=t,this._alpha=e}function xg(t){this._context=t}function dc(t){return t<0?-1:1}function pc(t,e,n){var i=t._x1-t._x0,r=e-t._x1,s=(t._y1-t._y0)/(i||r<0&&-0),o=(n-t._y1)/(r||i<0&&-0),a=(s*r+o*i)/(i+r);return(dc(s)+dc(o))*Math.min(Math.abs(s),Math.abs(o),.5*Math.abs(a))||0}function mc(t,e){var n=t._x1-t._x0;return n?(3*(t._y1-t._y0)/n-e)/2:e}function Js(t,e,n){var i=t._x0,r=t._y0,s=t._x1,o=t._y1,a=(s-i)/3;t._context.bezierCurveTo(i+a,r+a*e,s-a,o-a*n,s,o)}function sr(t){this._context=t}function $g(t){this._context=new Tc(t)}function Tc(t){this._context=t}function Ac(t){return new sr(t)}function Sg(t){this._context=t}function gc(t){var e,n=t.length-1,i,r=new Array(n),s=new Array(n),o=new Array(n);for(r[0]=0,s[0]=2,o[0]=t[0]+2*t[1],e=1;e<n-1;++e)r[e]=1,s[e]=4,o[e]=4*t[e]+2*t[e+1];for(r[n-1]=2,s[n-1]=7,o[n-1]=8*t[n-1]+t[n],e=1;e<n;++e)i=r[e]/s[e-1],s[e]-=i,o[e]-=i*o[e-1];for(r[n-1]=o[n-1]/s[n-1],e=n-2;e>=0;--e)r[e]=(o[e]-r[e+1])/s[e];for(s[n-1]=(t[n]+r[n-1])/2,e=0;e<n-1;++e)s[e]=2*t[e+1]-r[e+1];return[r,s]}function Mg(t,e){this._context=t,this._t=e}var gg,to,Ve,fc,nr,B0,_c,U0,j0,W0,yg,K0,Mc,X0,Y0,G0,Q0,Z0,bg,J0,tv,ev,nv,iv,rv,sv,ov,Pc=w(()=>{hc();gg=Math.cos,to=Math.sin,Ve=Math.sqrt,fc=1e-12,nr=Math.PI,B0=nr/2,_c=2*nr;U0=Array.prototype.slice;vc.prototype={areaStart:function(){this._line=0},areaEnd:function(){this._line=NaN},lineStart:function(){this._point=0},lineEnd:function(){(this._line||this._line!==0&&this._point===1)&&this._context.closePath(),this._line=1-this._line},point:function(t,e){switch(t=+t,e=+e,this._point){case 0:this._point=1,this._line?this._context.lineTo(t,e):this._context.moveTo(t,e);break;case 1:this._point=2;default:this._context.lineTo(t,e);break}}};j0=_g(eo);Sc.prototype={areaStart:function(){this._curve.areaStart()},areaEnd:function(){this._curve.areaEnd()},lineStart:function(){this._curve.lineStart()},lineEnd:function(){this._curve.lineEnd()},point:function(t,e){this._curve.point(e*Math.sin(t),e*-Math.cos(t))}};W0=Ve(3),yg=Ve(1/3),K0=yg*2,Mc=to(nr/10)/to(7*nr/10),X0=to(_c/10)*Mc,Y0=-gg(_c/10)*Mc,G0=Ve(3),Q0=Ve(3),Z0=Ve(3)/2,bg=1/Ve(12),J0=(bg/2+1)*3;io.prototype={areaStart:function(){this._line=0},areaEnd:function(){this._line=NaN},lineStart:function(){this._x0=this._x1=this._y0=this._y1=NaN,this._point=0},lineEnd:function(){switch(this._point){case 3:ir(this,this._x1,this._y1);case 2:this._context.lineTo(this._x1,this._y1);break}(this._line||this._line!==0&&this._point===1)&&this._context.closePath(),this._line=1-this._line},point:function(t,e){switch(t=+t,e=+e,this._point){case 0:this._point=1,this._line?this._context.lineTo(t,e):this._context.moveTo(t,e);break;case 1:this._point=2;break;case 2:this._point=3,this._context.lineTo((5*this._x0+this._x1)/6,(5*this._y0+this._y1)/6);default:ir(this,t,e);break}this._x0=this._x1,this._x1=t,this._y0=this._y1,this._y1=e}};vg.prototype={areaStart:Wt,areaEnd:Wt,lineStart:function(){this._x0=this._x1=this._x2=this._x3=this._x4=this._y0=this._y1=this._y2=this._y3=this._y4=NaN,this._point=0},lineEnd:function(){switch(this._point){case 1:{this._context.moveTo(this._x2,this._y2),this._context.closePath();break}case 2:{this._context.moveTo((this._x2+2*this._x3)/3,(this._y2+2*this._y3)/3),this._context.lineTo((this._x3+2*this._x2)/3,(this._y3+2*this._y2)/3),this._context.closePath();break}case 3:{this.point(this._x2,this._y2),this.point(this._x3,this._y3),this.point(this._x4,this._y4);break}}},point:function(t,e){switch(t=+t,e=+e,this._point){case 0:this._point=1,this._x2=t,this._y2=e;break;case 1:this._point=2,this._x3=t,this._y3=e;break;case 2:this._point=3,this._x4=t,this._y4=e,this._context.moveTo((this._x0+4*this._x1+t)/6,(this._y0+4*this._y1+e)/6);break;default:ir(this,t,e);break}this._x0=this._x1,this._x1=t,this._y0=this._y1,this._y1=e}};wg.prototype={areaStart:function(){this._line=0},areaEnd:function(){this._line=NaN},lineStart:function(){this._x0=this._x1=this._y0=this._y1=NaN,this._point=0},lineEnd:function(){(this._line||this._line!==0&&this._point===3)&&this._context.closePath(),this._line=1-this._line},point:function(t,e){switch(t=+t,e=+e,this._point){case 0:this._point=1;break;case 1:this._point=2;break;case 2:this._point=3;var n=(this._x0+4*this._x1+t)/6,i=(this._y0+4*this._y1+e)/6;this._line?this._context.lineTo(n,i):this._context.moveTo(n,i);break;case 3:this._point=4;default:ir(this,t,e);break}this._x0=this._x1,this._x1=t,this._y0=this._y1,this._y1=e}};Ec.prototype={lineStart:function(){this._x=[],this._y=[],this._basis.lineStart()},lineEnd:function(){var t=this._x,e=this._y,n=t.length-1;if(n>0)for(var i=t[0],r=e[0],s=t[n]-i,o=e[n]-r,a=-1,l;++a<=n;)l=a/n,this._basis.point(this._beta*t[a]+(1-this._beta)*(i+l*s),this._beta*e[a]+(1-this._beta)*(r+l*o));this._x=this._y=null,this._basis.lineEnd()},point:function(t,e){this._x.push(+t),this._y.push(+e)}};tv=(function t(e){function n(i){return e===1?new io(i):new Ec(i,e)}return n.beta=function(i){return t(+i)},n})(.85);ro.prototype={areaStart:function(){this._line=0},areaEnd:function(){this._line=NaN},lineStart:function(){this._x0=this._x1=this._x2=this._y0=this._y1=this._y2=NaN,this._point=0},lineEnd:function(){switch(this._point){case 2:this._context.lineTo(this._x2,this._y2);break;case 3:rr(this,this._x1,this._y1);break}(this._line||this._line!==0&&this._point===1)&&this._context.closePath(),this._line=1-this._line},point:function(t,e){switch(t=+t,e=+e,this._point){case 0:this._point=1,this._line?this._context.lineTo(t,e):this._context.moveTo(t,e);break;case 1:this._point=2,this._x1=t,this._y1=e;break;case 2:this._point=3;default:rr(this,t,e);break}this._x0=this._x1,this._x1=this._x2,this._x2=t,this._y0=this._y1,this._y1=this._y2,this._y2=e}};ev=(function t(e){function n(i){return new ro(i,e)}return n.tension=function(i){return t(+i)},n})(0);so.prototype={areaStart:Wt,areaEnd:Wt,lineStart:function(){this._x0=this._x1=this._x2=this._x3=this._x4=this._x5=this._y0=this._y1=this._y2=this._y3=this._y4=this._y5=NaN,this._point=0},lineEnd:function(){switch(this._point){case 1:{this._context.moveTo(this._x3,this._y3),this._context.closePath();break}case 2:{this._context.lineTo(this._x3,this._y3),this._context.closePath();break}case 3:{this.point(this._x3,this._y3),this.point(this._x4,this._y4),this.point(this._x5,this._y5);break}}},point:function(t,e){switch(t=+t,e=+e,this._point){case 0:this._point=1,this._x3=t,this._y3=e;break;case 1:this._point=2,this._context.moveTo(this._x4=t,this._y4=e);break;case 2:this._point=3,this._x5=t,this._y5=e;break;default:rr(this,t,e);break}this._x0=this._x1,this._x1=this._x2,this._x2=t,this._y0=this._y1,this._y1=this._y2,this._y2=e}};nv=(function t(e){function n(i){return new so(i,e)}return n.tension=function(i){return t(+i)},n})(0);oo.prototype={areaStart:function(){this._line=0},areaEnd:function(){this._line=NaN},lineStart:function(){this._x0=this._x1=this._x2=this._y0=this._y1=this._y2=NaN,this._point=0},lineEnd:function(){(this._line||this._line!==0&&this._point===3)&&this._context.closePath(),this._line=1-this._line},point:function(t,e){switch(t=+t,e=+e,this._point){case 0:this._point=1;break;case 1:this._point=2;break;case 2:this._point=3,this._line?this._context.lineTo(this._x2,this._y2):this._context.moveTo(this._x2,this._y2);break;case 3:this._point=4;default:rr(this,t,e);break}this._x0=this._x1,this._x1=this._x2,this._x2=t,this._y0=this._y1,this._y1=this._y2,this._y2=e}};iv=(function t(e){function n(i){return new oo(i,e)}return n.tension=function(i){return t(+i)},n})(0);kc.prototype={areaStart:function(){this._line=0},areaEnd:function(){this._line=NaN},lineStart:function(){this._x0=this._x1=this._x2=this._y0=this._y1=this._y2=NaN,this._l01_a=this._l12_a=this._l23_a=this._l01_2a=this._l12_2a=this._l23_2a=this._point=0},lineEnd:function(){switch(this._point){case 2:this._context.lineTo(this._x2,this._y2);break;case 3:this.point(this._x2,this._y2);break}(this._line||this._line!==0&&this._point===1)&&this._context.closePath(),this._line=1-this._line},point:function(t,e){if(t=+t,e=+e,this._point){var n=this._x2-t,i=this._y2-e;this._l23_a=Math.sqrt(this._l23_2a=Math.pow(n*n+i*i,this._alpha))}switch(this._point){case 0:this._point=1,this._line?this._context.lineTo(t,e):this._context.moveTo(t,e);break;case 1:this._point=2;break;case 2:this._point=3;default:ao(this,t,e);break}this._l01_a=this._l12_a,this._l12_a=this._l23_a,this._l01_2a=this._l12_2a,this._l12_2a=this._l23_2a,this._x0=this._x1,this._x1=this._x2,this._x2=t,this._y0=this._y1,this._y1=this._y2,this._y2=e}};rv=(function t(e){function n(i){return e?new kc(i,e):new ro(i,0)}return n.alpha=function(i){return t(+i)},n})(.5);Cc.prototype={areaStart:Wt,areaEnd:Wt,lineStart:function(){this._x0=this._x1=this._x2=this._x3=this._x4=this._x5=this._y0=this._y1=this._y2=this._y3=this._y4=this._y5=NaN,this._l01_a=this._l12_a=this._l23_a=this._l01_2a=this._l12_2a=this._l23_2a=this._point=0},lineEnd:function(){switch(this._point){case 1:{this._context.moveTo(this._x3,this._y3),this._context.closePath();break}case 2:{this._context.lineTo(this._x3,this._y3),this._context.closePath();break}case 3:{this.point(this._x3,this._y3),this.point(this._x4,this._y4),this.point(this._x5,this._y5);break}}},point:function(t,e){if(t=+t,e=+e,this._point){var n=this._x2-t,i=this._y2-e;this._l23_a=Math.sqrt(this._l23_2a=Math.pow(n*n+i*i,this._alpha))}switch(this._point){case 0:this._point=1,this._x3=t,this._y3=e;break;case 1:this._point=2,this._context.moveTo(this._x4=t,this._y4=e);break;case 2:this._point=3,this._x5=t,this._y5=e;break;default:ao(this,t,e);break}this._l01_a=this._l12_a,this._l12_a=this._l23_a,this._l01_2a=this._l12_2a,this._l12_2a=this._l23_2a,this._x0=this._x1,this._x1=this._x2,this._x2=t,this._y0=this._y1,this._y1=this._y2,this._y2=e}};sv=(function t(e){function n(i){return e?new Cc(i,e):new so(i,0)}return n.alpha=function(i){return t(+i)},n})(.5);Rc.prototype={areaStart:function(){this._line=0},areaEnd:function(){this._line=NaN},lineStart:function(){this._x0=this._x1=this._x2=this._y0=this._y1=this._y2=NaN,this._l01_a=this._l12_a=this._l23_a=this._l01_2a=this._l12_2a=this._l23_2a=this._point=0},lineEnd:function(){(this._line||this._line!==0&&this._point===3)&&this._context.closePath(),this._line=1-this._line},point:function(t,e){if(t=+t,e=+e,this._point){var n=this._x2-t,i=this._y2-e;this._l23_a=Math.sqrt(this._l23_2a=Math.pow(n*n+i*i,this._alpha))}switch(this._point){case 0:this._point=1;break;case 1:this._point=2;break;case 2:this._point=3,this._line?this._context.lineTo(this._x2,this._y2):this._context.moveTo(this._x2,this._y2);break;case 3:this._point=4;default:ao(this,t,e);break}this._l01_a=this._l12_a,this._l12_a=this._l23_a,this._l01_2a=this._l12_2a,this._l12_2a=this._l23_2a,this._x0=this._x1,this._x1=this._x2,this._x2=t,this._y0=this._y1,this._y1=this._y2,this._y2=e}};ov=(function t(e){function n(i){return e?new Rc(i,e):new oo(i,0)}return n.alpha=function(i){return t(+i)},n})(.5);xg.prototype={areaStart:Wt,areaEnd:Wt,lineStart:function(){this._point=0},lineEnd:function(){this._point&&this._context.closePath()},point:function(t,e){t=+t,e=+e,this._point?this._context.lineTo(t,e):(this._point=1,this._context.moveTo(t,e))}};sr.prototype={areaStart:function(){this._line=0},areaEnd:function(){this._line=NaN},lineStart:function(){this._x0=this._x1=this._y0=this._y1=this._t0=NaN,this._point=0},lineEnd:function(){switch(this._point){case 2:this._context.lineTo(this._x1,this._y1);break;case 3:Js(this,this._t0,mc(this,this._t0));break}(this._line||this._line!==0&&this._point===1)&&this._context.closePath(),this._line=1-this._line},point:function(t,e){var n=NaN;if(t=+t,e=+e,!(t===this._x1&&e===this._y1)){switch(this._point){case 0:this._point=1,this._line?this._context.lineTo(t,e):this._context.moveTo(t,e);break;case 1:this._point=2;break;case 2:this._point=3,Js(this,mc(this,n=pc(this,t,e)),n);break;default:Js(this,this._t0,n=pc(this,t,e));break}this._x0=this._x1,this._x1=t,this._y0=this._y1,this._y1=e,this._t0=n}}};($g.prototype=Object.create(sr.prototype)).point=function(t,e){sr.prototype.point.call(this,e,t)};Tc.prototype={moveTo:function(t,e){this._context.moveTo(e,t)},closePath:function(){this._context.closePath()},lineTo:function(t,e){this._context.lineTo(e,t)},bezierCurveTo:function(t,e,n,i,r,s){this._context.bezierCurveTo(e,t,i,n,s,r)}};Sg.prototype={areaStart:function(){this._line=0},areaEnd:function(){this._line=NaN},lineStart:function(){this._x=[],this._y=[]},lineEnd:function(){var t=this._x,e=this._y,n=t.length;if(n)if(this._line?this._context.lineTo(t[0],e[0]):this._context.moveTo(t[0],e[0]),n===2)this._context.lineTo(t[1],e[1]);else for(var i=gc(t),r=gc(e),s=0,o=1;o<n;++s,++o)this._context.bezierCurveTo(i[0][s],r[0][s],i[1][s],r[1][s],t[o],e[o]);(this._line||this._line!==0&&n===1)&&this._context.closePath(),this._line=1-this._line,this._x=this._y=null},point:function(t,e){this._x.push(+t),this._y.push(+e)}};Mg.prototype={areaStart:function(){this._line=0},areaEnd:function(){this._line=NaN},lineStart:function(){this._x=this._y=NaN,this._point=0},lineEnd:function(){0<this._t&&this._t<1&&this._point===2&&this._context.lineTo(this._x,this._y),(this._line||this._line!==0&&this._point===1)&&this._context.closePath(),this._line>=0&&(this._t=1-this._t,this._line=1-this._line)},point:function(t,e){switch(t=+t,e=+e,this._point){case 0:this._point=1,this._line?this._context.lineTo(t,e):this._context.moveTo(t,e);break;case 1:this._point=2;default:{if(this._t<=0)this._context.lineTo(this._x,e),this._context.lineTo(t,e);else{var n=this._x*(1-this._t)+t*this._t;this._context.lineTo(n,this._y),this._context.lineTo(n,e)}break}}this._x=t,this._y=e}}});function Eg(t){let e=[];for(let n=0;n+1<t.length;n++)e.push((t[n]+t[n+1])/2);return e}function Nn(t){let e=0;for(let n of t)n!==null&&Number.isFinite(n)&&n>e&&(e=n);return e}function Oc(t,e,n,i,r,s){let o=Eg(e);if(!(s>0)||o.length===0)return"";let a=o.map((h,c)=>[h,Math.max(0,t[c]??0)]);a.unshift([e[0],0]),a.push([e[e.length-1],0]);let l=h=>h/s*r;return $c().x(h=>n(h[0])).y0(h=>i-l(h[1])).y1(h=>i+l(h[1])).curve(Ac)(a)??""}function Nc(t,e,n,i,r,s){if(!(s>0))return[];let o=[];return t.forEach((a,l)=>{let u=e[l],h=e[l+1];if(u===void 0||h===void 0||a<=0)return;let c=Math.max(1,a/s*r),f=n(u);o.push({x:f,y:i-c,width:Math.max(.5,n(h)-f-.5),height:c,count:a,low:u,high:h})}),o}function zc(t,e,n){let i=t.map((o,a)=>[e[a]??0,o]);return(no().defined(o=>o[1]!==null&&Number.isFinite(o[1])).x(o=>o[0]).y(o=>n(o[1]))(i)??"").replace(/M([^MLZ]+)Z/g,(o,a)=>`M${a}L${a}`)}function Ic(t){let e=0,n=0;for(let i of t)i===null||!Number.isFinite(i)||(i<e&&(e=i),i>n&&(n=i));return e===n?[e-1,n+1]:[e,n]}var lo=w(()=>{"use strict";Pc()});var Lc,uo,gt,Dc=w(()=>{"use strict";ot();vt();ss();Nu();Gs();Ee();lc();pn();an();ye();lo();nn();wt();Ft();Lc=46,uo=10,gt=class extends D{constructor(){super(...arguments);this.data=null;this.loading=!1;this.error="";this.width=320;this.resizeObserver=null;this.shapes=new Map;this.plotDrawn=null}connectedCallback(){super.connectedCallback(),this.resizeObserver=new ResizeObserver(n=>{let i=Math.floor(n[0]?.contentRect.width??0);i>0&&Math.abs(i-this.width)>=1&&(this.width=i)}),this.resizeObserver.observe(this)}disconnectedCallback(){super.disconnectedCallback(),this.resizeObserver?.disconnect()}rows(){let n=this.data;if(!n)return[];let i=this.info.identities,r=n.identities.map(s=>({key:s.identity,column:se(n.metric,s.identity),title:s.identity,color:Tt(i,s.identity),hist:s,edges:n.bin_edges,domain:n.domain,axisGroup:"metric"}));return n.gap&&r.push({key:"gap",column:"gap",title:`gap: ${Ct(this.state.x1,this.state.x2)}`,color:dn,hist:n.gap,edges:n.gap.bin_edges,domain:n.gap.domain,axisGroup:"gap"}),r}scale(n){return Pn().domain(n).range([uo,Math.max(uo+10,this.width-uo)])}setPlot(n){H(this,"state-change",{plot:n})}renderRow(n,i,r){let s=this.scale(n.domain),o=Lc,a=o/2,l=n.hist.quantiles,u=this.state.ranges.find(_=>_.column===n.column),h=u?ac(u,s.domain(),s.range()):null,[c,f]=n.domain,d=c<0&&f>0?s(0):null,m=this.shapes.get(n.key);m===void 0&&(m=this.state.plot==="histogram"?Nc(n.hist.counts,n.edges,s,o-2,o-6,r).map(_=>ht`<rect x=${_.x} y=${_.y} width=${_.width} height=${_.height} fill=${n.color} fill-opacity="0.75">
                <title>${xt(_.low)} to ${xt(_.high)}: ${U(_.count)}</title></rect>`):ht`<path d=${Oc(n.hist.density,n.edges,s,a,a-3,i)} fill=${n.color}
                fill-opacity="0.6" stroke=${n.color}></path>`,this.shapes.set(n.key,m));let g=this.state.plot==="violin"&&l.q1!==null&&l.q3!==null&&l.median!==null?ht`
            ${l.min!==null&&l.max!==null?ht`<line class="whisker" x1=${s(l.min)} x2=${s(l.max)} y1=${a} y2=${a}></line>`:$}
            <line class="box" x1=${s(l.q1)} x2=${s(l.q3)} y1=${a} y2=${a}></line>
            <circle class="median" cx=${s(l.median)} cy=${a} r="2.5"></circle>`:$,p=`${n.column}: distribution over ${U(n.hist.n)} labels. Drag to add a range filter.`;return y`
      <div class="row-head">
        <span class="name"><span class="swatch" style="background:${n.color}"></span>${n.title}</span>
        <span class="n">n=${U(n.hist.n)}${n.hist.undefined?`, ${U(n.hist.undefined)} undefined`:""}${l.median!==null?` · median ${xt(l.median)}`:""}</span>
      </div>
      <svg
        width=${this.width}
        height=${o}
        role="img"
        aria-label=${p}
        data-testid=${`violin-${n.key}`}
        data-column=${n.column}
      >
        ${h?ht`<rect class="band" x=${h[0]} y="1" width=${Math.max(1,h[1]-h[0])} height=${o-2}>
              <title>${u?on(u):""}</title></rect>`:$}
        ${d!==null?ht`<line class="zero" x1=${d} x2=${d} y1="0" y2=${o}></line>`:$}
        ${m} ${g}
        <g class="brush" data-column=${n.column} data-domain=${n.domain.join(",")}></g>
      </svg>
    `}renderAxis(n,i){return y`<svg width=${this.width} height="22" aria-hidden="true">
      <g class="axis" data-axis=${n} data-domain=${i.join(",")} transform="translate(0,2)"></g>
    </svg>`}willUpdate(n){(n.has("data")||n.has("width")||this.plotDrawn!==this.state.plot)&&(this.shapes.clear(),this.plotDrawn=this.state.plot)}updated(n){if(!n.has("data")&&!n.has("width"))return;let i=this.renderRoot;i.querySelectorAll("g.axis").forEach(r=>{let s=(r.dataset.domain??"0,1").split(",").map(Number);rt(r).call(ml(this.scale(s)).ticks(Math.max(2,Math.floor(this.width/70))).tickSizeOuter(0))}),i.querySelectorAll("g.brush").forEach(r=>{let s=r.dataset.column??"",o=(r.dataset.domain??"0,1").split(",").map(Number),a=this.scale(o),l=Ou().extent([[a.range()[0],0],[a.range()[1],Lc]]).on("end",u=>{if(!u.sourceEvent||!u.selection)return;let[h,c]=u.selection;if(rt(r).call(l.move,null),Math.abs(c-h)<2)return;let f=oc([h,c],a.domain(),a.range());f.low===null&&f.high===null||H(this,"state-change",{ranges:ei(this.state.ranges,{column:s,...f},this.maxRanges)})});rt(r).call(l)})}render(){let n=this.data,i=this.rows(),r=i.filter(u=>u.axisGroup==="metric"),s=i.filter(u=>u.axisGroup==="gap"),o=Nn(r.flatMap(u=>u.hist.density)),a=Nn(r.flatMap(u=>u.hist.counts)),l=this.state.plot;return y`
      <div class="head">
        <h2 id="dist-title">Distributions</h2>
        <div class="kind" role="group" aria-label="Plot type">
          <button type="button" aria-pressed=${l==="violin"} data-testid="plot-violin" @click=${()=>this.setPlot("violin")}>
            Violin
          </button>
          <button
            type="button"
            aria-pressed=${l==="histogram"}
            data-testid="plot-histogram"
            @click=${()=>this.setPlot("histogram")}
          >
            Histogram
          </button>
        </div>
      </div>
      ${n?y`<p class="sub">${n.metric} per identity over ${U(n.total)} labels, and the gap</p>`:$}
      ${this.error?y`<div class="error" role="alert" data-testid="error-message">${this.error}</div>`:$}
      ${!n&&this.loading?y`<p class="loading" data-testid="loading">Loading distributions\u2026</p>`:$}
      ${n?y`
            <div class="plots" aria-busy=${this.loading} aria-labelledby="dist-title">
              ${n.total===0?y`<p class="hint">No labels pass the filters.</p>`:$}
              ${r.map(u=>this.renderRow(u,o,a))}
              ${r.length?this.renderAxis("metric",n.domain):$}
              ${s.map(u=>y`<div class="gap-title"></div>
                    ${this.renderRow(u,Nn(u.hist.density),Nn(u.hist.counts))}
                    ${this.renderAxis("gap",u.domain)}`)}
              <p class="hint">Drag along a plot to keep only labels in that range.</p>
            </div>
          `:$}
    `}};gt.styles=[Q,j`
      :host {
        display: block;
      }
      .head {
        display: flex;
        justify-content: space-between;
        align-items: baseline;
        gap: 8px;
      }
      .kind {
        display: inline-flex;
        border: 1px solid var(--border);
        border-radius: 4px;
        overflow: hidden;
      }
      .kind button {
        border: none;
        border-radius: 0;
        padding: 0 6px;
        font-size: 12px;
      }
      .sub {
        color: var(--muted);
        font-size: 12px;
        margin: 0 0 4px;
      }
      .kind button[aria-pressed="true"] {
        background: var(--accent);
        color: #fff;
      }
      .plots[aria-busy="true"] {
        opacity: 0.55;
      }
      .row-head {
        display: flex;
        justify-content: space-between;
        gap: 8px;
        font-size: 12px;
        margin-top: 4px;
      }
      .row-head .name {
        display: inline-flex;
        align-items: center;
        gap: 6px;
        font-weight: 600;
        overflow-wrap: anywhere;
      }
      .swatch {
        width: 10px;
        height: 10px;
        border-radius: 2px;
        flex: none;
      }
      .n {
        color: var(--muted);
        white-space: nowrap;
      }
      svg {
        display: block;
        overflow: visible;
      }
      .band {
        fill: #0072b2;
        fill-opacity: 0.12;
        stroke: #0072b2;
        stroke-opacity: 0.5;
        stroke-dasharray: 3 2;
      }
      .box {
        stroke: #1f1f1f;
        stroke-width: 3;
      }
      .whisker {
        stroke: #1f1f1f;
        stroke-width: 1;
      }
      .median {
        fill: #fff;
        stroke: #1f1f1f;
      }
      .zero {
        stroke: #9aa0a6;
        stroke-dasharray: 2 2;
      }
      .axis text {
        fill: var(--muted);
      }
      .gap-title {
        margin-top: 14px;
      }
      .hint {
        color: var(--muted);
        font-size: 12px;
        margin: 6px 0 0;
      }
    `],v([M({attribute:!1})],gt.prototype,"data",2),v([M({attribute:!1})],gt.prototype,"state",2),v([M({attribute:!1})],gt.prototype,"info",2),v([M({attribute:!1})],gt.prototype,"maxRanges",2),v([M({type:Boolean})],gt.prototype,"loading",2),v([M({attribute:!1})],gt.prototype,"error",2),v([z()],gt.prototype,"width",2),gt=v([G("tb-bias-distributions")],gt)});var It,Fc=w(()=>{"use strict";ot();vt();an();nn();wt();Ft();It=class extends D{constructor(){super(...arguments);this.formError=""}change(n){H(this,"state-change",{ranges:n})}onAdd(n){n.preventDefault();let i=n.target,r=new FormData(i),s=String(r.get("column")??""),o=$r(String(r.get("low")??"")),a=$r(String(r.get("high")??""));o===void 0||a===void 0?this.formError="Bounds must be numbers (or empty for no bound).":o===null&&a===null?this.formError="Give a minimum, a maximum or both.":o!==null&&a!==null&&o>a?this.formError="The minimum is above the maximum.":!this.state.ranges.some(l=>l.column===s)&&this.state.ranges.length>=this.maxRanges?this.formError=`At most ${this.maxRanges} range filters.`:(this.formError="",this.change(ei(this.state.ranges,{column:s,low:o,high:a},this.maxRanges)),i.reset())}render(){let n=this.state,i=xa(this.info.identities,n.metric,this.info.kind==="counts",n.x2!==null);return y`
      <div class="chips" role="list" aria-label="Active range filters" data-testid="filter-chips">
        ${n.ranges.length===0?y`<span class="none">No range filters. Brush a plot or add one below.</span>`:$}
        ${n.ranges.map(r=>y`
            <span class="chip" role="listitem" data-testid="filter-chip" data-column=${r.column}>
              <span>${on(r)}</span>
              <button
                type="button"
                data-testid="filter-chip-remove"
                aria-label=${`Remove filter ${on(r)}`}
                @click=${()=>this.change(ra(n.ranges,r.column))}
              >
                \u00d7
              </button>
            </span>
          `)}
        ${n.ranges.length>1?y`<button type="button" data-testid="clear-filters" @click=${()=>this.change([])}>Clear all</button>`:$}
      </div>
      <form @submit=${this.onAdd} aria-label="Add a range filter" data-testid="range-form">
        <select name="column" data-testid="range-column" aria-label="Column to filter">
          ${i.map(r=>y`<option .value=${r.id}>${r.title}</option>`)}
        </select>
        <input name="low" type="text" inputmode="decimal" placeholder="min" aria-label="Minimum (empty: no minimum)" data-testid="range-min" />
        <input name="high" type="text" inputmode="decimal" placeholder="max" aria-label="Maximum (empty: no maximum)" data-testid="range-max" />
        <button type="submit" data-testid="range-add">Add</button>
      </form>
      ${this.formError?y`<div class="error" role="alert">${this.formError}</div>`:$}
      <div class="options">
        <label>
          Min. count C(y)
          <input
            type="number"
            min="0"
            step="1"
            data-testid="min-count-input"
            .value=${String(n.minCount)}
            @change=${r=>{let s=r.target,o=Math.floor(Number(s.value));Number.isFinite(o)&&o>=0?H(this,"state-change",{minCount:o}):s.value=String(n.minCount)}}
          />
        </label>
        <label>
          <input
            type="checkbox"
            data-testid="include-zero-checkbox"
            .checked=${n.includeZero}
            @change=${r=>H(this,"state-change",{includeZero:r.target.checked})}
          />
          Include labels never seen with one of the pair
        </label>
        <label>
          <input
            type="checkbox"
            data-testid="include-undefined-checkbox"
            .checked=${n.includeUndefined}
            @change=${r=>H(this,"state-change",{includeUndefined:r.target.checked})}
          />
          Include undefined gaps (ranked last)
        </label>
      </div>
    `}};It.styles=[Q,j`
      :host {
        display: block;
      }
      .chips {
        display: flex;
        flex-wrap: wrap;
        gap: 4px;
        margin-bottom: 8px;
        min-height: 24px;
        align-items: center;
      }
      .chip {
        display: inline-flex;
        align-items: center;
        gap: 4px;
        background: var(--selected);
        border: 1px solid #b6d3ea;
        border-radius: 12px;
        padding: 1px 2px 1px 8px;
        max-width: 100%;
      }
      .chip span {
        overflow-wrap: anywhere;
      }
      .chip button {
        border: none;
        background: transparent;
        border-radius: 50%;
        width: 20px;
        height: 20px;
        padding: 0;
        line-height: 1;
      }
      .chip button:hover {
        background: #cfe2f3;
      }
      .none {
        color: var(--muted);
      }
      form {
        display: grid;
        grid-template-columns: 1fr 1fr auto;
        gap: 4px;
      }
      form select {
        grid-column: 1 / -1;
      }
      .options {
        display: grid;
        gap: 4px;
        margin-top: 8px;
      }
      .options label {
        display: flex;
        gap: 6px;
        align-items: center;
      }
      .options input[type="number"] {
        width: 6rem;
      }
    `],v([M({attribute:!1})],It.prototype,"state",2),v([M({attribute:!1})],It.prototype,"info",2),v([M({attribute:!1})],It.prototype,"maxRanges",2),v([z()],It.prototype,"formError",2),It=v([G("tb-bias-filters")],It)});var Hc,zn,lt,Vc=w(()=>{"use strict";ot();vt();ss();Gs();Ee();pn();ye();lo();wt();Ft();Hc=210,zn={top:26,right:40,bottom:12,left:46},lt=class extends D{constructor(){super(...arguments);this.rows=[];this.missing=[];this.hovered=null;this.valueDomain=null;this.loading=!1;this.error="";this.width=600;this.resizeObserver=null}connectedCallback(){super.connectedCallback(),this.resizeObserver=new ResizeObserver(n=>{let i=Math.floor(n[0]?.contentRect.width??0);i>0&&Math.abs(i-this.width)>=1&&(this.width=i)}),this.resizeObserver.observe(this)}disconnectedCallback(){super.disconnectedCallback(),this.resizeObserver?.disconnect()}scales(){let n=this.info.identities,i=sc().domain(n).range([zn.left,Math.max(zn.left+40,this.width-zn.right)]).padding(n.length===1?.5:0),r=this.valueDomain??Ic(this.rows.flatMap(o=>n.map(a=>o.values[a]??null))),s=Pn().domain(r).range([Hc-zn.bottom,zn.top]).nice();return{x:i,y:s}}updated(n){if(!["rows","width","valueDomain","info","state"].some(r=>n.has(r)))return;let{y:i}=this.scales();this.renderRoot.querySelectorAll("g.axis").forEach((r,s)=>{let o=gl(i).ticks(5).tickSizeOuter(0);s>0&&o.tickFormat(()=>""),rt(r).call(o)})}render(){let n=this.state,i=this.info.identities,r=this.rows.length,s=y`<div class="head">
      <h2 id="pcp-title">Selected labels${r?` (${r})`:""}</h2>
      ${r?y`<span class="legend" aria-label="Line colour">
            <span><i style="background:${Tt(i,n.x1)}"></i>gap towards ${n.x1}</span>
            ${n.x2!==null?y`<span><i style="background:${ae(i,n.x1,n.x2,-1)}"></i>towards ${n.x2==="rest"?"the rest":n.x2}</span>`:$}
          </span>`:$}
    </div>`,o=this.error?y`<div class="error" role="alert" data-testid="error-message">${this.error}</div>`:$,a=this.missing.length?y`<p class="hint" data-testid="pcp-missing">
          ${this.missing.length} selected label${this.missing.length===1?" is":"s are"} not in this table.
        </p>`:$;if(n.selected.length===0)return y`${s}${o}
        <p class="hint" data-testid="pcp-empty">
          Tick labels in the table to compare their ${n.metric} across ${i.join(", ")} here.
        </p>`;if(r===0)return y`${s}${o}${a}
        ${this.loading?y`<p class="loading" data-testid="loading">Loading selected labels\u2026</p>`:$}`;let{x:l,y:u}=this.scales(),h=i.map(d=>l(d)??0),c=this.hovered===null?void 0:this.rows.find(d=>d.label===this.hovered),f=c?c.label:null;return y`${s}${o}
      <p class="hover" data-testid="pcp-hover-label" aria-live="polite">
        ${c?y`<strong>${c.label}</strong>: ${i.map(d=>`${d} ${xt(c.values[d]??null)}`).join(", ")}; gap ${ee(c.gap)}`:y`<span class="muted">Hover a line or a table row to see its values.</span>`}
      </p>
      <svg
        width=${this.width}
        height=${Hc}
        role="img"
        aria-labelledby="pcp-title"
        aria-busy=${this.loading}
        data-testid="pcp"
      >
        ${i.map((d,m)=>ht`
            <g class="axis" transform=${`translate(${h[m]},0)`}></g>
            <text class="axis-title" x=${h[m]} y="14" text-anchor="middle"
              fill=${$i(i,d)}>${d}</text>`)}
        ${this.rows.map(d=>{let m=zc(i.map(p=>d.values[p]??null),h,u),g=f===null?"line":d.label===f?"line hovered":"line dim";return ht`<path class=${g} data-testid="pcp-line" data-label=${d.label} d=${m}
              stroke=${ae(i,n.x1,n.x2,d.gap)}></path>
            <path class="hit" d=${m}
              @mouseenter=${()=>H(this,"hover-label",d.label)}
              @mouseleave=${()=>H(this,"hover-label",null)}>
              <title>${d.label}: ${n.metric} ${i.map(p=>`${p} ${xt(d.values[p]??null)}`).join(", ")}; gap (${Ct(n.x1,n.x2)}) ${ee(d.gap)}</title>
            </path>`})}
      </svg>
      ${a}`}};lt.styles=[Q,j`
      :host {
        display: block;
      }
      .head {
        display: flex;
        gap: 12px;
        align-items: baseline;
        flex-wrap: wrap;
      }
      .legend {
        display: inline-flex;
        gap: 12px;
        color: var(--muted);
        font-size: 12px;
      }
      .legend i {
        display: inline-block;
        width: 14px;
        height: 3px;
        vertical-align: middle;
        margin-right: 4px;
      }
      svg {
        display: block;
      }
      svg[aria-busy="true"] {
        opacity: 0.55;
      }
      path.line {
        fill: none;
        stroke-width: 1.6;
        stroke-opacity: 0.75;
        stroke-linecap: round;
        stroke-linejoin: round;
        pointer-events: none;
      }
      path.line.hovered {
        stroke-width: 3.5;
        stroke-opacity: 1;
      }
      path.line.dim {
        stroke-opacity: 0.2;
      }
      path.hit {
        fill: none;
        stroke: transparent;
        stroke-width: 9;
        stroke-linecap: round;
        cursor: pointer;
      }
      .axis-title {
        font-weight: 600;
        font-size: 12px;
      }
      .hover {
        margin: 0;
        min-height: 1.4em;
        overflow: hidden;
        white-space: nowrap;
        text-overflow: ellipsis;
      }
      .muted {
        color: var(--muted);
      }
      .hint {
        color: var(--muted);
        margin: 4px 0;
      }
    `],v([M({attribute:!1})],lt.prototype,"rows",2),v([M({attribute:!1})],lt.prototype,"missing",2),v([M({attribute:!1})],lt.prototype,"state",2),v([M({attribute:!1})],lt.prototype,"info",2),v([M({attribute:!1})],lt.prototype,"hovered",2),v([M({attribute:!1})],lt.prototype,"valueDomain",2),v([M({type:Boolean})],lt.prototype,"loading",2),v([M({attribute:!1})],lt.prototype,"error",2),v([z()],lt.prototype,"width",2),lt=v([G("tb-bias-pcp")],lt)});function qe(t){return t.replace(/[^A-Za-z0-9._-]+/g,"_")}function qc(t){return{href:ua(t),filename:`tb_bias_${qe(t.run)}_${qe(t.tag)}_${qe(t.metric)}.csv`}}function Bc(t){return{href:ca(t),filename:`tb_bias_${qe(t.run)}_${qe(t.tag)}_${qe(t.metric)}_flagged.csv`}}var Uc=w(()=>{"use strict";re()});function Tg(t,e){return t===null||e===null?"none (one identity)":e==="rest"?`${t} − mean of the rest`:`${t} − ${e}`}var jc,kg,Cg,co,Rg,nt,Wc=w(()=>{"use strict";ot();vt();Lr();Xr();yi();te();Qr();pn();an();Uc();ts();ye();re();hi();Zr();es();wt();Ft();jc=30,kg=25,Cg=300,co=class extends Se{constructor(...e){super(...e),this._overhang=4*jc,this._itemSize={width:100,height:jc}}},Rg={type:co};nt=class extends D{constructor(){super(...arguments);this.flags={flagged:new Set,hidden:new Set};this.selected=new Set;this.hovered=null;this.revision=0;this.valueDomain=[-1,1];this.gapDomain=[-2,2];this.busy=!1;this.draft=null;this.lastEmittedQ=null;this.meta=null;this.rows=new Me(this,()=>({pageSize:this.limits.page_size,maxRequest:this.limits.max_limit}));this.sendSearch=n=>{this.lastEmittedQ=n,H(this,"state-change",{q:n})};this.searchSoon=Jr(this.sendSearch,kg);this.searchWhenIdle=Jr(this.sendSearch,Cg);this.onRowEnter=n=>{let i=this.rowLabel(n);i!==null&&H(this,"hover-label",i)};this.onRowLeave=n=>{this.rowLabel(n)!==null&&H(this,"hover-label",null)};this.onSelectChange=n=>{let i=this.rowLabel(n);if(i===null)return;let r=n.target.checked;this.change({selected:ui(this.state.selected,[i],r,this.limits.max_selected)})};this.onFlagClick=n=>{let i=this.rowLabel(n);i!==null&&H(this,"flag-op",{kind:"flagged",labels:[i],on:!this.flags.flagged.has(i)})};this.onHideClick=n=>{let i=this.rowLabel(n);i!==null&&H(this,"flag-op",{kind:"hidden",labels:[i],on:!this.flags.hidden.has(i)})};this.onRowsScroll=n=>{let i=this.renderRoot.querySelector(".header-viewport"),r=n.currentTarget.scrollLeft;i&&i.scrollLeft!==r&&(i.scrollLeft=r)}}disconnectedCallback(){super.disconnectedCallback(),this.searchSoon.cancel(),this.searchWhenIdle.cancel()}willUpdate(n){if(n.has("state")&&this.state.q!==this.lastEmittedQ&&(this.draft=null),n.has("state")||n.has("revision")||n.has("api")){let i=this.state,r=`${ci(i)}|${i.sort}|${i.order}`,s=`${r}|${this.revision}`,o=this.rows.key!==null&&this.rows.key.startsWith(`${r}|`);if(this.rows.setQuery(s,async(l,u,h)=>{try{let c=await this.api.get(rn(i,l,u),h);return h.aborted||(this.meta=c),{rows:c.rows,total:c.total}}finally{h.aborted||H(this,"rows-loaded",null)}},{keepRows:!0,fromTop:!o})&&!o){let l=this.renderRoot.querySelector("lit-virtualizer");l&&(l.scrollTop=0)}}}columns(){return wa(this.info.identities,this.state.metric,this.state.showCounts,this.state.x2!==null)}onSearch(n){let i=n.target.value;this.draft=i,fa(i)?(this.searchWhenIdle.cancel(),this.searchSoon(i)):(this.searchSoon.cancel(),this.searchWhenIdle(i))}change(n){H(this,"state-change",n)}bulk(n,i){H(this,"bulk-op",{kind:n,on:i})}sortHeader(n){let i=this.state,r=i.sort===n.id,s=r?i.order==="asc"?"ascending":i.order==="desc"?"descending":"other":"none",o=r?i.order==="asc"?"▲":i.order==="desc"?"▼":"|▼|":"",a=r?`, sorted ${i.order==="abs"?"by absolute value":s}`:"",l=n.title;return y`<div role="columnheader" class=${n.kind==="label"?"cell label":"cell"} aria-sort=${s} title=${n.kind==="gap"?`gap of ${i.metric}: ${Ct(i.x1,i.x2)}`:ri(n.id)}>
      <button
        type="button"
        data-testid=${`sort-header-${n.id}`}
        aria-label=${`${n.kind==="gap"?`Gap, ${Ct(i.x1,i.x2)}`:ri(n.id)}${a}. Click to sort.`}
        @click=${()=>this.change(Ta(i,n.id))}
      >
        <span class="t" style=${fi({color:n.kind==="value"?$i(this.info.identities,n.identity):""})}
          >${l}</span
        ><span class="arrow" aria-hidden="true">${o}</span>
      </button>
    </div>`}cell(n,i){let r=this.state,s=this.info.identities;switch(i.kind){case"label":return y`<div role="cell" class="cell label" data-testid="cell-label" title=${n?n.label:""}
          >${n?n.label:"Loading…"}</div
        >`;case"value":{let o=n?n.values[i.identity??""]??null:null;return y`<div
          role="cell"
          class="cell valuecell"
          data-testid="cell-value"
          data-identity=${i.identity??""}
          style=${Gr(o,this.valueDomain,Tt(s,i.identity))}
        >${n?xt(o):""}</div>`}case"gap":{let o=n?n.gap:null;return y`<div
          role="cell"
          class="cell valuecell"
          data-testid="cell-gap"
          style=${Gr(o,this.gapDomain,ae(s,r.x1,r.x2,o))}
        >${n?ee(o):""}</div>`}case"count":{let o=n?i.identity===null?n.count:n.cooccurrence?.[i.identity]??null:null;return y`<div role="cell" class="cell num" data-testid="cell-count">${n?U(o):""}</div>`}}}rowLabel(n){return n.currentTarget.closest("[role=row]")?.dataset.label??null}renderRow(n,i){let r=this.rows.cache.get(n),s=r?r.label:"",o=r!==void 0&&this.flags.flagged.has(s),a=r!==void 0&&this.flags.hidden.has(s),l=r!==void 0&&this.selected.has(s),u=["row",r?"data":"placeholder",l?"selected":"",a?"hidden-label":"",r!==void 0&&this.hovered===s?"hovered":"",r!==void 0&&this.rows.cache.isStale(n)?"stale":""].join(" ");return y`<div
      class=${u}
      role="row"
      aria-rowindex=${n+2}
      aria-selected=${r?String(l):$}
      aria-busy=${r?$:"true"}
      data-testid=${r?"table-row":"table-row-placeholder"}
      data-label=${r?s:$}
      data-rank=${r?n+1:$}
      @mouseenter=${this.onRowEnter}
      @mouseleave=${this.onRowLeave}
      @focusin=${this.onRowEnter}
      @focusout=${this.onRowLeave}
    >
      <div class="lead" role="none">
      <div role="cell" class="cell select">
        <input
          type="checkbox"
          data-testid="select-checkbox"
          ?hidden=${!r}
          aria-label=${`Select ${s} for parallel coordinates`}
          .checked=${l}
          @change=${this.onSelectChange}
        />
      </div>
      <div role="cell" class="cell actions">
        <button
          type="button"
          class="flag"
          data-testid="flag-button"
          ?hidden=${!r}
          aria-pressed=${o}
          aria-label=${`${o?"Unflag":"Flag"} ${s}`}
          title=${o?"Unflag":"Flag"}
          ?disabled=${this.busy}
          @click=${this.onFlagClick}
        >
          ${Si}
        </button>
        <button
          type="button"
          class="hide"
          data-testid="hide-button"
          ?hidden=${!r}
          aria-pressed=${a}
          aria-label=${`${a?"Unhide":"Hide"} ${s}`}
          title=${a?"Unhide":"Hide"}
          ?disabled=${this.busy}
          @click=${this.onHideClick}
        >
          ${al}
        </button>
      </div>
      ${this.cell(r,i[0])}
      </div>
      ${i.slice(1).map(h=>this.cell(r,h))}
    </div>`}toolbar(){let n=this.state,i=qc(n),r=Bc(n);return y`
      <div class="toolbar">
        <div class="search" role="search">
          <label class="visually-hidden" for="search">Search labels (regular expression)</label>
          <input
            id="search"
            type="search"
            data-testid="search-input"
            placeholder="Search labels (regular expression)"
            autocomplete="off"
            spellcheck="false"
            .value=${this.draft??n.q}
            @input=${this.onSearch}
            @keydown=${s=>{s.key==="Enter"&&(this.searchSoon.flush(),this.searchWhenIdle.flush())}}
          />
          <label class="toggle">
            <input
              type="checkbox"
              data-testid="case-checkbox"
              .checked=${n.caseSensitive}
              @change=${s=>this.change({caseSensitive:s.target.checked})}
            />Aa<span class="visually-hidden">case-sensitive search</span>
          </label>
        </div>
        <label class="toggle">
          <input
            type="checkbox"
            data-testid="counts-toggle"
            .checked=${n.showCounts}
            @change=${s=>this.change({showCounts:s.target.checked})}
          />Counts
        </label>
        <label class="toggle">
          <input
            type="checkbox"
            data-testid="flagged-only-toggle"
            .checked=${n.flaggedOnly}
            @change=${s=>this.change({flaggedOnly:s.target.checked})}
          />Flagged only
        </label>
        <label class="toggle">
          <input
            type="checkbox"
            data-testid="show-hidden-toggle"
            .checked=${n.showHidden}
            @change=${s=>this.change({showHidden:s.target.checked})}
          />Show hidden
        </label>
        <div class="downloads">
          <a href=${i.href} download=${i.filename} data-testid="csv-link">Download CSV</a>
          <a href=${r.href} download=${r.filename} data-testid="flagged-csv-link">Flagged CSV</a>
        </div>
      </div>
    `}summary(n){let i=[Jn(n,this.info.num_labels)];return this.meta?.num_examples&&i.push(`${U(this.meta.num_examples)} examples`),i.push(`${this.state.metric}, gap = ${Tg(this.state.x1,this.state.x2)}`),i.filter(r=>r!=="").join(" · ")}bulkBar(n){let i=!n||this.busy;return y`<div class="bulk" role="group" aria-label="Actions on every label of the result">
      <span class="total" data-testid="table-total" aria-live="polite">${this.summary(n)}</span>
      <span aria-hidden="true">\u00b7 all:</span>
      <button type="button" data-testid="flag-all-button" ?disabled=${i} @click=${()=>this.bulk("flagged",!0)}>Flag</button>
      <button type="button" data-testid="unflag-all-button" ?disabled=${i} @click=${()=>this.bulk("flagged",!1)}>Unflag</button>
      <button type="button" data-testid="hide-all-button" ?disabled=${i} @click=${()=>this.bulk("hidden",!0)}>Hide</button>
      <button type="button" data-testid="unhide-all-button" ?disabled=${i} @click=${()=>this.bulk("hidden",!1)}>Unhide</button>
      <button type="button" data-testid="select-all-button" ?disabled=${i} @click=${()=>this.bulk("selected",!0)}>Select</button>
      <button
        type="button"
        data-testid="clear-selection-button"
        ?disabled=${this.state.selected.length===0}
        @click=${()=>this.change({selected:[]})}
      >
        Clear selection
      </button>
    </div>`}render(){let n=this.columns(),i=$a(n),r=this.rows.cache,s=this.rows.total,o=r.error,a=this.rows.loading;return y`
      ${this.toolbar()} ${this.bulkBar(s)}
      ${o?y`<div class="error" role="alert" data-testid="error-message">
            ${pt(o)} <button type="button" @click=${()=>this.rows.retry()}>Retry</button>
          </div>`:$}
      <div
        class="table"
        role="table"
        aria-label=${`Labels ranked by ${this.state.sort}`}
        aria-rowcount=${(s??0)+1}
        aria-busy=${a}
        data-testid="ranked-table"
        data-total=${s??""}
        data-loading=${a}
        style=${`--cols: ${i}; --min-width: ${Sa(n)}rem; --select-width: ${si}rem; --actions-width: ${oi}rem`}
      >
        <div class="header-viewport" data-testid="table-header">
          <div class="row header" role="row" aria-rowindex="1">
            <div class="lead" role="none">
              <div role="columnheader" class="cell select"><span class="visually-hidden">Selected</span></div>
              <div role="columnheader" class="cell actions" title="Flag or hide a label">
                <span class="visually-hidden">Flag or hide</span>
              </div>
              ${this.sortHeader(n[0])}
            </div>
            ${n.slice(1).map(l=>this.sortHeader(l))}
          </div>
        </div>
        ${s===null&&a?y`<div class="empty loading" data-testid="loading">Loading labels\u2026</div>`:$}
        ${s===0?y`<div class="empty" data-testid="table-empty">No labels match the current filters.</div>`:$}
        <lit-virtualizer
          scroller
          role="rowgroup"
          tabindex="0"
          aria-label="Rows; scroll with the arrow keys"
          .layout=${Rg}
          .items=${this.rows.items}
          .renderItem=${l=>this.renderRow(l,n)}
          @rangeChanged=${l=>this.rows.onRange(l.first,l.last)}
          @scroll=${this.onRowsScroll}
        ></lit-virtualizer>
      </div>
    `}};nt.styles=[Q,j`
      :host {
        display: flex;
        flex-direction: column;
        min-height: 0;
      }
      .toolbar {
        display: flex;
        flex-wrap: wrap;
        gap: 6px 12px;
        align-items: center;
        margin-bottom: 6px;
      }
      .search {
        display: flex;
        gap: 6px;
        align-items: center;
        flex: 1 1 16rem;
      }
      .search input[type="search"] {
        flex: 1;
        min-width: 8rem;
      }
      .toggle {
        display: inline-flex;
        gap: 4px;
        align-items: center;
        white-space: nowrap;
      }
      .bulk {
        display: flex;
        flex-wrap: wrap;
        gap: 4px;
        align-items: center;
        margin-bottom: 6px;
        color: var(--muted);
      }
      .bulk button {
        padding: 1px 6px;
      }
      .downloads {
        margin-left: auto;
        display: flex;
        gap: 10px;
      }
      .total {
        color: var(--muted);
        white-space: nowrap;
      }
      .table {
        display: flex;
        flex-direction: column;
        flex: 1;
        min-height: 240px;
        border: 1px solid var(--border);
        border-radius: 6px;
        background: #fff;
        overflow: hidden;
      }
      .row {
        display: grid;
        grid-template-columns: var(--cols);
        align-items: center;
        width: 100%;
        min-width: var(--min-width);
        height: 30px; /* ROW_HEIGHT */
        border-bottom: 1px solid #eef0f2;
        padding-right: 4px;
        background: #fff;
      }
      /* Select, actions and label: one block that stays in view while the
         rows scroll sideways (one sticky element per row keeps painting cheap). */
      .lead {
        position: sticky;
        left: 0;
        align-self: stretch;
        display: flex;
        align-items: center;
        min-width: 0;
        background: inherit;
        box-shadow: 1px 0 0 #eef0f2;
      }
      .lead > .select {
        flex: none;
        width: var(--select-width);
        display: flex;
        justify-content: center;
        padding: 0;
      }
      .lead > .actions {
        flex: none;
        width: var(--actions-width);
        padding: 0 2px;
      }
      .lead > .label {
        flex: 1;
      }
      .header-viewport {
        overflow: hidden;
        flex: none;
        border-bottom: 1px solid var(--border);
      }
      /* Rows the virtualizer keeps outside the visible part (its overhang)
         are not styled, laid out or painted until they scroll into view. */
      lit-virtualizer > .row {
        content-visibility: auto;
        contain-intrinsic-size: auto 30px;
      }
      .header {
        height: auto;
        min-height: 34px;
        background: #f8f9fa;
        border-bottom: none;
        font-weight: 600;
      }
      .header button {
        border: none;
        background: transparent;
        padding: 2px 4px;
        text-align: left;
        font-weight: 600;
        width: 100%;
        display: flex;
        gap: 4px;
        align-items: center;
        overflow: hidden;
      }
      .header button span.t {
        overflow: hidden;
        text-overflow: ellipsis;
        white-space: nowrap;
      }
      .arrow {
        color: var(--accent);
        font-size: 11px;
        flex: none;
      }
      lit-virtualizer {
        flex: 1;
        min-height: 0;
      }
      .cell {
        padding: 0 6px;
        min-width: 0;
        overflow: hidden;
        white-space: nowrap;
        text-overflow: ellipsis;
      }
      .num {
        font-variant-numeric: tabular-nums;
        text-align: right;
      }
      .center {
        display: flex;
        justify-content: center;
      }
      /* A value and its bar, drawn as the cell's background (see barStyle):
         the zero line, the fill and the track, left of the number. */
      .valuecell {
        --r: 4rem; /* room for the number */
        --span: calc(100% - var(--r));
        text-align: right;
        font-variant-numeric: tabular-nums;
        background-origin: content-box;
        background-clip: content-box;
        background-image:
          linear-gradient(#9aa0a6, #9aa0a6),
          linear-gradient(var(--c, transparent), var(--c, transparent)),
          linear-gradient(#f1f3f4, #f1f3f4);
        background-repeat: no-repeat;
        background-size:
          1px 14px,
          calc(var(--w, 0) * var(--span)) 10px,
          var(--span) 10px;
        background-position:
          calc(var(--o, -1) * var(--span)) 50%,
          calc(var(--p, 0) * var(--span)) 50%,
          0 50%;
      }
      .row.data:hover,
      .row.hovered {
        background: var(--hover);
      }
      .row.selected {
        background: var(--selected);
      }
      .row.selected.hovered {
        background: #f6e7c1;
      }
      .row.hidden-label .label {
        color: var(--muted);
        font-style: italic;
      }
      .row.stale {
        opacity: 0.5;
      }
      .placeholder {
        color: var(--muted);
      }
      .actions {
        display: flex;
        gap: 2px;
        justify-content: flex-start;
      }
      .actions button {
        border: 1px solid transparent;
        background: transparent;
        width: 26px;
        height: 24px;
        padding: 0;
        display: inline-flex;
        align-items: center;
        justify-content: center;
        color: #767676;
      }
      .actions button:hover {
        border-color: var(--border);
      }
      .actions button[aria-pressed="true"].flag {
        color: #d55e00;
      }
      .actions button[aria-pressed="true"].hide {
        color: #1f1f1f;
      }
      .empty {
        padding: 16px;
        color: var(--muted);
      }
      .status {
        min-height: 18px;
      }
    `],v([M({attribute:!1})],nt.prototype,"api",2),v([M({attribute:!1})],nt.prototype,"state",2),v([M({attribute:!1})],nt.prototype,"info",2),v([M({attribute:!1})],nt.prototype,"flags",2),v([M({attribute:!1})],nt.prototype,"selected",2),v([M({attribute:!1})],nt.prototype,"hovered",2),v([M({type:Number})],nt.prototype,"revision",2),v([M({attribute:!1})],nt.prototype,"valueDomain",2),v([M({attribute:!1})],nt.prototype,"gapDomain",2),v([M({type:Boolean})],nt.prototype,"busy",2),v([M({attribute:!1})],nt.prototype,"limits",2),nt=v([G("tb-bias-table")],nt)});var Ag,F,Kc=w(()=>{"use strict";ot();vt();ye();wt();te();wr();xr();da();ma();Ft();ya();re();hi();hl();fl();Dc();Fc();Vc();Wc();Ag=250,F=class extends D{constructor(){super(...arguments);this.runs=[];this.config=null;this.effectsPending=!1;this.stateRead=!1;this.unsubscribeHash=null;this.view=ai();this.resolution=null;this.reloading=!1;this.cfg=null;this.measureRuns=null;this.flags=null;this.lookup={flagged:new Set,hidden:new Set};this.notice="";this.rowsRevision=0;this.confirmedFlags=null;this.pendingFlagOps=0;this.rowsChangedByFlags=!1;this.flagChain=Promise.resolve();this.distribution=null;this.distributionLoading=!1;this.distributionError="";this.distributionKey="";this.distributionRequest=new ne(this);this.distributionWaiting=null;this.selectedRows=[];this.selectedMissing=[];this.selectedLoading=!1;this.selectedError="";this.selectedKey="";this.selectedRequest=new ne(this);this.hovered=null;this.bulkBusy=!1;this.reloads=0;this.onHashChange=()=>{let n=this.cfg;if(!n)return;let i=Nr(this.hash.read(),n.limits.max_selected),r=s=>JSON.stringify(zr(s,n.default_metric));r(i)!==r(this.view)&&this.applyView(i)};this.onStateChange=n=>{n.stopPropagation(),this.applyView({...this.view,...n.detail})};this.onHover=n=>{n.stopPropagation(),this.hovered=n.detail};this.onRowsLoaded=n=>{n.stopPropagation();let i=this.distributionWaiting;i&&(this.stopWaitingForRows(),this.fetchDistribution(i.url))};this.onFlagOp=n=>{n.stopPropagation(),this.flagOp(n.detail)};this.onBulkOp=n=>{n.stopPropagation(),this.bulkOp(n.detail.kind,n.detail.on)}}connectedCallback(){super.connectedCallback(),this.unsubscribeHash=this.hash?.onExternalChange(this.onHashChange)??null,this.addEventListener("state-change",this.onStateChange),this.addEventListener("flag-op",this.onFlagOp),this.addEventListener("bulk-op",this.onBulkOp),this.addEventListener("hover-label",this.onHover),this.addEventListener("rows-loaded",this.onRowsLoaded)}disconnectedCallback(){super.disconnectedCallback(),this.unsubscribeHash?.(),this.unsubscribeHash=null,this.stopWaitingForRows()}willUpdate(n){if(!n.has("runs")&&!n.has("config")&&!n.has("hash"))return;this.cfg=pa(this.config);let i=this.cfg;i&&(this.measureRuns={runs:this.runs,metrics:i.metrics},n.has("runs")&&(this.reloading=!1),!this.stateRead&&this.hash&&(this.stateRead=!0,this.view=Nr(this.hash.read(),i.limits.max_selected)),this.applyView(this.view))}applyView(n){let i=this.resolution?.state.tag??null;if(!this.measureRuns||!this.cfg){this.view=n;return}this.resolution=Ra(n,this.measureRuns,this.cfg),this.view=this.resolution?this.resolution.state:n,this.effectsPending=!0;let r=this.resolution?.state;r&&(r.tag!==i?(this.flags=null,this.confirmedFlags=null,this.lookup=Rr(kr(r.tag)),this.loadFlagsFor(r.tag)):this.flags===null&&this.loadFlagsFor(r.tag))}updated(){this.effectsPending&&(this.effectsPending=!1,queueMicrotask(()=>{this.isConnected&&(this.writeUrl(),this.refreshDistribution(!1),this.refreshSelected(!1))}))}writeUrl(){this.cfg&&this.hash?.write(zr(this.view,this.cfg.default_metric))}reload(){this.reloads++,this.rowsRevision++,this.flags=null;let n={settled:null};this.dispatchEvent(new CustomEvent(ti,{detail:n,bubbles:!0,composed:!0})),n.settled&&(this.reloading=!0,n.settled.then(()=>{this.reloading=!1,this.resolution&&this.applyView(this.view)}))}refreshDistribution(n){let i=this.resolution?.state;if(!i)return;let r=oa(i),s=`${r}#${this.reloads}`;if(!n&&s===this.distributionKey)return;if(this.distributionKey=s,this.distributionRequest.abort(),this.distributionLoading=!0,this.stopWaitingForRows(),i.view!=="table"){this.fetchDistribution(r);return}let o=setTimeout(()=>{this.distributionWaiting=null,this.fetchDistribution(r)},Ag);this.distributionWaiting={url:r,timer:o}}stopWaitingForRows(){this.distributionWaiting&&clearTimeout(this.distributionWaiting.timer),this.distributionWaiting=null}fetchDistribution(n){this.distributionLoading=!0,this.distributionRequest.run(i=>this.api.get(n,i),i=>{this.distribution=i,this.distributionError="",this.distributionLoading=!1},i=>{this.distribution=null,this.distributionError=pt(i),this.distributionLoading=!1})}refreshSelected(n){let i=this.resolution?.state;if(!i)return;if(i.selected.length===0){this.selectedKey="",this.selectedRequest.abort(),this.selectedRows=[],this.selectedMissing=[],this.selectedLoading=!1,this.selectedError="";return}let r=ha(i,i.selected,this.cfg.limits.max_labels),s=`${r.join(`
`)}#${this.reloads}`;if(!n&&s===this.selectedKey)return;this.selectedKey=s,this.selectedLoading=!0;let o=i.selected;this.selectedRequest.run(a=>Promise.all(r.map(l=>this.api.get(l,a))),a=>{let l=new Map;for(let u of a)for(let h of u.rows)l.set(h.label,h);this.selectedRows=o.flatMap(u=>l.get(u)??[]),this.selectedMissing=o.filter(u=>!l.has(u)),this.selectedError="",this.selectedLoading=!1},a=>{this.selectedError=pt(a),this.selectedLoading=!1})}async loadFlagsFor(n){try{let i=await Tr(this.api,n);if(this.resolution?.state.tag!==n)return;this.setFlags(i),this.confirmedFlags=i}catch(i){if(this.resolution?.state.tag!==n)return;this.setFlags(kr(n)),this.confirmedFlags=null,this.notice=`Cannot load flags: ${pt(i)}`}}setFlags(n){this.flags=n,this.lookup=Rr(n)}flagOp(n){let i=this.resolution?.state;if(!i)return;if(!this.flags||this.flags.tag!==i.tag){this.notice="The flags of this table are still loading; try again in a moment.";return}if(ga(this.flags,n))return;let r=this.flags.tag;this.setFlags(Cr(this.flags,n)),(n.kind==="hidden"&&!i.showHidden||n.kind==="flagged"&&i.flaggedOnly)&&(this.rowsChangedByFlags=!0),this.pendingFlagOps++,this.flagChain=this.flagChain.then(async()=>{try{let s=this.confirmedFlags,o=s&&s.tag===r?s:await Tr(this.api,r),a=await _a(this.api,o,n);this.resolution?.state.tag===r&&(this.confirmedFlags=a.state),a.rebased&&(this.notice="The flags had been changed elsewhere; your change was applied on top of the latest ones.")}catch(s){this.notice=`Could not save the change: ${pt(s)}`}finally{this.pendingFlagOps--,this.pendingFlagOps===0&&this.confirmedFlags&&this.confirmedFlags.tag===this.resolution?.state.tag&&(this.setFlags(this.confirmedFlags),this.rowsChangedByFlags&&(this.rowsChangedByFlags=!1,this.rowsRevision++,this.refreshDistribution(!0)))}})}async bulkOp(n,i){let r=this.resolution?.state,s=this.cfg?.limits;if(!(!r||!s||this.bulkBusy)){this.bulkBusy=!0;try{if(n==="selected"){let o=s.max_selected,{labels:a,total:l}=await Er(this.api,r,o,s.max_limit,!0);this.applyView({...this.view,selected:ui(this.view.selected,a,i,o)}),l>o&&(this.notice=`Selected the first ${U(o)} of ${U(l)} labels.`)}else{let o=n==="hidden"&&!i?{...r,showHidden:!0}:r,{labels:a}=await Er(this.api,o,s.bulk_cap,s.max_limit);this.flagOp({kind:n,labels:a,on:i})}}catch(o){this.notice=o instanceof sn?`The result has ${U(o.total)} labels; narrow the filters to at most ${U(o.cap)} to change them all at once.`:pt(o)}finally{this.bulkBusy=!1}}}setTab(n){this.applyView({...this.view,view:n})}onTabKey(n){if(n.key!=="ArrowLeft"&&n.key!=="ArrowRight")return;let i=this.view.view==="table"?"compare":"table";this.setTab(i),this.updateComplete.then(()=>this.renderRoot.querySelector(`[data-testid="view-${i}"]`)?.focus())}render(){let n=this.cfg;if(!n||!this.measureRuns)return y`<div class="error centered" role="alert" data-testid="error-message">
        The backend sent no usable settings for label associations; upgrade tb-bias and reload.
      </div>`;if(!this.resolution)return y`<p class="centered">No association tables logged.</p>`;let{state:i,info:r}=this.resolution,s=new Set(i.selected),o=this.distribution?.domain??null,a=this.distribution?.gap?.domain??[-2,2];return y`
      <div class="app">
        <aside aria-label="Controls and filters">
          <div class="title">
            <h1>Label associations</h1>
            <button
              type="button"
              data-testid="reload-button"
              aria-busy=${this.reloading}
              @click=${()=>this.reload()}
              title="Fetch new steps and data"
            >
              ${this.reloading?"Reloading…":"Reload"}
            </button>
          </div>
          <section class="panel" aria-labelledby="controls-title">
            <h2 id="controls-title">Data</h2>
            <tb-bias-controls .runs=${this.measureRuns} .state=${i} .info=${r}></tb-bias-controls>
          </section>
          <section class="panel" aria-labelledby="filters-title">
            <h2 id="filters-title">Filters</h2>
            <tb-bias-filters .state=${i} .info=${r} .maxRanges=${n.limits.max_ranges}></tb-bias-filters>
          </section>
          <section class="panel">
            <tb-bias-distributions
              .data=${this.distribution}
              .state=${i}
              .info=${r}
              .maxRanges=${n.limits.max_ranges}
              .loading=${this.distributionLoading}
              .error=${this.distributionError}
            ></tb-bias-distributions>
          </section>
        </aside>
        <main>
          ${this.notice?y`<div class="notice" role="status" data-testid="notice">
                <span>${this.notice}</span>
                <button type="button" aria-label="Dismiss" @click=${()=>this.notice=""}>\u00d7</button>
              </div>`:$}
          <div class="tabs" role="tablist" aria-label="Views" @keydown=${this.onTabKey}>
            <button
              type="button"
              role="tab"
              data-testid="view-table"
              aria-selected=${i.view==="table"}
              tabindex=${i.view==="table"?0:-1}
              @click=${()=>this.setTab("table")}
            >
              Ranked labels
            </button>
            <button
              type="button"
              role="tab"
              data-testid="view-compare"
              aria-selected=${i.view==="compare"}
              tabindex=${i.view==="compare"?0:-1}
              @click=${()=>this.setTab("compare")}
            >
              Compare runs / steps
            </button>
          </div>
          ${i.view==="table"?y`
                <section class="panel" role="tabpanel" aria-label="Selected labels">
                  <tb-bias-pcp
                    .rows=${this.selectedRows}
                    .missing=${this.selectedMissing}
                    .state=${i}
                    .info=${r}
                    .hovered=${this.hovered}
                    .valueDomain=${o}
                    .loading=${this.selectedLoading}
                    .error=${this.selectedError}
                  ></tb-bias-pcp>
                </section>
                <tb-bias-table
                  role="tabpanel"
                  aria-label="Ranked labels"
                  .api=${this.api}
                  .state=${i}
                  .info=${r}
                  .flags=${this.lookup}
                  .selected=${s}
                  .hovered=${this.hovered}
                  .revision=${this.rowsRevision}
                  .valueDomain=${o??[-1,1]}
                  .gapDomain=${a}
                  .busy=${this.bulkBusy}
                  .limits=${n.limits}
                ></tb-bias-table>
              `:y`<tb-bias-compare
                role="tabpanel"
                aria-label="Compare"
                .api=${this.api}
                .runs=${this.measureRuns}
                .limits=${n.limits}
                .state=${i}
                .info=${r}
                .flags=${this.lookup}
                .gapDomain=${a}
              ></tb-bias-compare>`}
        </main>
      </div>
    `}};F.styles=[Q,j`
      :host {
        display: block;
        height: 100%;
        min-height: 0;
        background: var(--bg);
      }
      .app {
        display: grid;
        grid-template-columns: minmax(300px, 360px) 1fr;
        height: 100%;
      }
      aside {
        overflow-y: auto;
        padding: 10px;
        display: flex;
        flex-direction: column;
        gap: 10px;
        border-right: 1px solid var(--border);
      }
      main {
        display: flex;
        flex-direction: column;
        gap: 10px;
        padding: 10px;
        min-width: 0;
        min-height: 0;
        overflow: auto;
      }
      .title {
        display: flex;
        justify-content: space-between;
        align-items: center;
      }
      .title h1 {
        font-size: 15px;
        margin: 0;
      }
      .tabs {
        display: flex;
        gap: 2px;
        border-bottom: 1px solid var(--border);
      }
      .tabs button {
        border: none;
        border-bottom: 2px solid transparent;
        border-radius: 0;
        background: transparent;
        padding: 6px 12px;
        font-weight: 600;
        color: var(--muted);
      }
      .tabs button[aria-selected="true"] {
        color: var(--accent);
        border-bottom-color: var(--accent);
      }
      .grow {
        flex: 1;
        min-height: 320px;
      }
      tb-bias-table,
      tb-bias-compare {
        flex: 1;
        min-height: 320px;
      }
      .centered {
        padding: 24px;
      }
      .notice {
        display: flex;
        justify-content: space-between;
        gap: 8px;
        align-items: center;
      }
      .notice button {
        flex: none;
      }
    `],v([M({attribute:!1})],F.prototype,"api",2),v([M({attribute:!1})],F.prototype,"runs",2),v([M({attribute:!1})],F.prototype,"config",2),v([M({attribute:!1})],F.prototype,"hash",2),v([z()],F.prototype,"view",2),v([z()],F.prototype,"resolution",2),v([z()],F.prototype,"reloading",2),v([z()],F.prototype,"flags",2),v([z()],F.prototype,"lookup",2),v([z()],F.prototype,"notice",2),v([z()],F.prototype,"rowsRevision",2),v([z()],F.prototype,"distribution",2),v([z()],F.prototype,"distributionLoading",2),v([z()],F.prototype,"distributionError",2),v([z()],F.prototype,"selectedRows",2),v([z()],F.prototype,"selectedMissing",2),v([z()],F.prototype,"selectedLoading",2),v([z()],F.prototype,"selectedError",2),v([z()],F.prototype,"hovered",2),v([z()],F.prototype,"bulkBusy",2),F=v([G("tb-bias-association-view")],F)});var Xc={};So(Xc,{view:()=>Pg});var Pg,Yc=w(()=>{"use strict";Kc();Pg={measure:"association",title:"Label associations",element:"tb-bias-association-view",hashPrefix:""}});ot();vt();wt();te();var Og=$o({"../views/association/index.ts":()=>Promise.resolve().then(()=>(Yc(),Xc))});var Gc=async t=>Og(`../views/${t}/index.ts`);wr();xr();function Qc(t,e){return t.map(n=>({run:n.run,tags:n.tags.filter(i=>i.measure===e)}))}function ho(t){try{return decodeURIComponent(t)}catch{return t}}function or(t){let e=t.startsWith("#")?t.slice(1):t,n={tab:null,entries:[]};for(let i of e.split("&")){if(i==="")continue;let r=i.indexOf("=");r<0?n.tab??=ho(i):n.entries.push([ho(i.slice(0,r)),ho(i.slice(r+1))])}return n}function Zc(t){let e=[];t.tab!==null&&t.tab!==""&&e.push(encodeURIComponent(t.tab));for(let[n,i]of t.entries)e.push(`${encodeURIComponent(n)}=${encodeURIComponent(i)}`);return e.length?`#${e.join("&")}`:""}function fo(t,e){let n={};for(let[i,r]of t.entries)i.startsWith(e)&&(n[i.slice(e.length)]=r);return n}function Jc(t,e,n,i){let r=t.entries.filter(([o])=>!o.startsWith(e)),s=Object.entries(n).map(([o,a])=>[e+o,a]);return{tab:t.tab??i,entries:[...r,...s]}}var mo="tb_bias",po=`p.${mo}.`,Be="measure";function th(t){try{let e=t.parent;if(e&&e!==t)return e.location.hash,e}catch{}return t}function go(t){let{tab:e}=or(t);return e===null||e===mo}function Ng(t){return t===""?e=>e!==Be&&!e.includes("."):e=>e.startsWith(t)}var ar=t=>t===Be;function lr(t,e,n=""){let i={};for(let[r,s]of Object.entries(fo(or(t),po)))e(r)&&(i[r.slice(n.length)]=s);return i}function zg(t,e,n,i=""){let r=or(t),s=fo(r,po),o={};for(let[a,l]of Object.entries(s))e(a)||(o[a]=l);for(let[a,l]of Object.entries(n))o[i+a]=l;return Zc(Jc(r,po,o,mo))}function _o(t,e,n,i,r=""){let s=zg(t.location.hash,e,n,r),o=t.location.hash==="#"?"":t.location.hash;return s===o?!1:(t.history.replaceState(t.history.state,"",`${t.location.pathname}${t.location.search}${s}`),t.dispatchEvent(i()),!0)}function eh(t,e){let n=Ng(e),i=!1;return{read:()=>lr(t.location.hash,n,e),write(r){i=!0;try{return _o(t,n,r,()=>new HashChangeEvent("hashchange"),e)}catch{return!1}finally{i=!1}},onExternalChange(r){let s=()=>{!i&&go(t.location.hash)&&r()};return t.addEventListener("hashchange",s),()=>t.removeEventListener("hashchange",s)}}}ot();vt();wt();var Ig=`from tb_bias_plugin import summary

# predictions: per example, the predicted label names (or a 0/1 or
# score matrix of shape [examples, labels] with label_names in order)
writer = summary.Writer("logs/my_model")
writer.association_table(
    "gender", predictions,
    label_names=names, identity_labels=["man", "woman"], step=epoch,
)
writer.close()`,Lg=`import tensorflow as tf
from tb_bias_plugin import summary

with tf.summary.create_file_writer("logs/my_model").as_default():
    summary.association_table(
        "gender", predictions,
        label_names=names, identity_labels=["man", "woman"], step=epoch,
    )`,In=class extends D{render(){return y`
      <section data-testid="empty-state" aria-labelledby="empty-title">
        <h1 id="empty-title">No association tables logged yet</h1>
        <p>
          This tab ranks labels by how differently a model associates them with identity labels such as
          <code>man</code> and <code>woman</code>. Log a table of your model's predictions, with or without
          TensorFlow:
        </p>
        <pre><code>${Ig}</code></pre>
        <p>Or with TensorFlow's summary writer:</p>
        <pre><code>${Lg}</code></pre>
        <p>Then point TensorBoard at the log directory: <code>tensorboard --logdir logs</code>, and reload.</p>
      </section>
    `}};In.styles=[Q,j`
      :host {
        display: block;
        max-width: 46rem;
        margin: 32px auto;
        padding: 0 16px;
      }
      h1 {
        font-size: 18px;
        margin: 0 0 8px;
      }
      pre {
        background: #f1f3f4;
        border: 1px solid var(--border);
        border-radius: 4px;
        padding: 10px 12px;
        overflow-x: auto;
        font: 12px/1.5 ui-monospace, SFMono-Regular, Menlo, Consolas, monospace;
      }
      code {
        font-family: ui-monospace, SFMono-Regular, Menlo, Consolas, monospace;
      }
    `],In=v([G("tb-bias-empty-state")],In);var Dg="runs",Lt=class extends D{constructor(){super(...arguments);this.api=Zo();this.loadView=Gc;this.hashWin=th(window);this.runsRequest=new ne(this);this.scopes=new Map;this.elements=new Map;this.runs=null;this.views=[];this.runsError="";this.measure=lr(this.hashWin.location.hash,ar)[Be]??null;this.onHashChange=()=>{if(!go(this.hashWin.location.hash))return;let n=lr(this.hashWin.location.hash,ar)[Be]??null;n!==this.measure&&(this.measure=n)};this.onReload=n=>{n.stopPropagation();let i=n.detail,r=this.loadRuns();i&&(i.settled=r)}}connectedCallback(){super.connectedCallback(),this.hashWin.addEventListener("hashchange",this.onHashChange),this.addEventListener(ti,this.onReload),this.loadRuns()}disconnectedCallback(){super.disconnectedCallback(),this.hashWin.removeEventListener("hashchange",this.onHashChange)}loadRuns(){return this.runsError="",new Promise(n=>this.runsRequest.run(async i=>{let r=await this.api.get(Dg,i),s=(r.measures??[]).map(o=>o.measure);return{runs:r,views:await Jo(s,this.loadView)}},({runs:i,views:r})=>{this.runs=i,this.views=r,n()},i=>{this.runsError=pt(i),n()}))}current(){return this.views.find(n=>n.measure===this.measure)??this.views[0]??null}select(n){this.measure=n;let i=n===this.views[0]?.measure?{}:{[Be]:n};try{_o(this.hashWin,ar,i,()=>new HashChangeEvent("hashchange"))}catch{}}onSwitcherKey(n){if(n.key!=="ArrowLeft"&&n.key!=="ArrowRight")return;let i=this.views.findIndex(o=>o.measure===this.current()?.measure),r=n.key==="ArrowRight"?1:-1,s=this.views[(i+r+this.views.length)%this.views.length];s&&(this.select(s.measure),this.updateComplete.then(()=>this.renderRoot.querySelector(`[data-testid="measure-${s.measure}"]`)?.focus()))}element(n,i){let r=this.elements.get(n.measure);r||(r=document.createElement(n.element),this.elements.set(n.measure,r));let s=this.scopes.get(n.measure);s||(s=eh(this.hashWin,ta(n)),this.scopes.set(n.measure,s));let o=i.measures.find(a=>a.measure===n.measure);return r.api=this.api,r.hash=s,r.config=o?.config??null,r.runs=Qc(i.runs,n.measure),r}render(){let n=this.runs;if(!n)return y`<div class="centered">
        ${this.runsError?y`<div class="error" role="alert" data-testid="error-message">
              Cannot list the logged tables: ${this.runsError}
              <button type="button" @click=${()=>{this.loadRuns()}}>Retry</button>
            </div>`:y`<p class="loading" data-testid="loading">Loading tables\u2026</p>`}
      </div>`;let i=this.current();return i?y`
      <nav class="switcher" role="tablist" aria-label="Measures" data-testid="measure-switcher" @keydown=${this.onSwitcherKey}>
        ${this.views.map(r=>{let s=r.measure===i.measure,o=n.measures.find(a=>a.measure===r.measure)?.title||r.title;return y`<button
            type="button"
            role="tab"
            data-testid=${`measure-${r.measure}`}
            aria-selected=${s}
            tabindex=${s?0:-1}
            @click=${()=>this.select(r.measure)}
          >
            ${o}
          </button>`})}
      </nav>
      ${this.runsError?y`<div class="error" role="alert" data-testid="error-message">${this.runsError}</div>`:$}
      <div class="view" role="tabpanel" aria-label=${i.title}>${this.element(i,n)}</div>
    `:y`<tb-bias-empty-state></tb-bias-empty-state>
        <div style="text-align:center">
          <button type="button" data-testid="reload-button" @click=${()=>{this.loadRuns()}}>Reload</button>
        </div>`}};Lt.styles=[Q,j`
      :host {
        display: flex;
        flex-direction: column;
        height: 100%;
        background: var(--bg);
      }
      .switcher {
        display: flex;
        gap: 2px;
        padding: 0 10px;
        border-bottom: 1px solid var(--border);
        background: var(--panel);
        flex: none;
      }
      .switcher button {
        border: none;
        border-bottom: 2px solid transparent;
        border-radius: 0;
        background: transparent;
        padding: 4px 10px;
        font-weight: 600;
        color: var(--muted);
      }
      .switcher button[aria-selected="true"] {
        color: var(--accent);
        border-bottom-color: var(--accent);
      }
      .view {
        flex: 1;
        min-height: 0;
      }
      .view > * {
        height: 100%;
      }
      .centered {
        padding: 24px;
      }
    `],v([z()],Lt.prototype,"runs",2),v([z()],Lt.prototype,"views",2),v([z()],Lt.prototype,"runsError",2),v([z()],Lt.prototype,"measure",2),Lt=v([G("tb-bias-app")],Lt);var Fg=`
html, body { margin: 0; height: 100%; background: #f5f6f7; }
tb-bias-app { height: 100%; }
`;function lx(){if(document.querySelector("tb-bias-app"))return;let t=document.createElement("style");t.textContent=Fg,document.head.appendChild(t),document.body.appendChild(document.createElement("tb-bias-app"))}export{lx as render};
/*! Bundled license information:

@lit/reactive-element/css-tag.js:
  (**
   * @license
   * Copyright 2019 Google LLC
   * SPDX-License-Identifier: BSD-3-Clause
   *)

@lit/reactive-element/reactive-element.js:
lit-html/lit-html.js:
lit-element/lit-element.js:
@lit/reactive-element/decorators/custom-element.js:
@lit/reactive-element/decorators/property.js:
@lit/reactive-element/decorators/state.js:
@lit/reactive-element/decorators/event-options.js:
@lit/reactive-element/decorators/base.js:
@lit/reactive-element/decorators/query.js:
@lit/reactive-element/decorators/query-all.js:
@lit/reactive-element/decorators/query-async.js:
@lit/reactive-element/decorators/query-assigned-nodes.js:
lit-html/directive.js:
lit-html/async-directive.js:
lit-html/directives/repeat.js:
  (**
   * @license
   * Copyright 2017 Google LLC
   * SPDX-License-Identifier: BSD-3-Clause
   *)

lit-html/is-server.js:
  (**
   * @license
   * Copyright 2022 Google LLC
   * SPDX-License-Identifier: BSD-3-Clause
   *)

@lit/reactive-element/decorators/query-assigned-elements.js:
@lit-labs/virtualizer/events.js:
@lit-labs/virtualizer/ScrollerController.js:
@lit-labs/virtualizer/layouts/shared/SizeCache.js:
@lit-labs/virtualizer/layouts/shared/BaseLayout.js:
@lit-labs/virtualizer/layouts/flow.js:
@lit-labs/virtualizer/Virtualizer.js:
@lit-labs/virtualizer/virtualize.js:
@lit-labs/virtualizer/LitVirtualizer.js:
@lit-labs/virtualizer/lit-virtualizer.js:
  (**
   * @license
   * Copyright 2021 Google LLC
   * SPDX-License-Identifier: BSD-3-Clause
   *)

lit-html/directives/style-map.js:
  (**
   * @license
   * Copyright 2018 Google LLC
   * SPDX-License-Identifier: BSD-3-Clause
   *)

lit-html/directive-helpers.js:
  (**
   * @license
   * Copyright 2020 Google LLC
   * SPDX-License-Identifier: BSD-3-Clause
   *)
*/
//# sourceMappingURL=index.js.map
